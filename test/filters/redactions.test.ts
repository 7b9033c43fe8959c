import { describe, expect, test } from "bun:test";
import { filterLog } from "../../src/filters/index.ts";

/** Limits far above any sample, so only the redactions act. */
const roomy = { maxBytes: 1 << 20, maxLines: 10_000 };
const redact = (line: string) => filterLog(line, roomy).content;

type Row = [input: string, expected: string];

const ipv4: Row[] = [
  [
    "[12:34:56] [Server thread/INFO]: Steve[/203.0.113.7:51234] logged in with entity id 123 at ([world]12.5, 64.0, -3.2)",
    "[12:34:56] [Server thread/INFO]: Steve[/**.**.**.**:51234] logged in with entity id 123 at ([world]12.5, 64.0, -3.2)",
  ],
  [
    "[12:35:10] [Server thread/INFO]: com.mojang.authlib.GameProfile@5d1f[id=<null>,name=Alex,properties={},legacy=false] (/1.2.3.4:55555) lost connection: Disconnected",
    "[12:35:10] [Server thread/INFO]: com.mojang.authlib.GameProfile@5d1f[id=<null>,name=Alex,properties={},legacy=false] (/**.**.**.**:55555) lost connection: Disconnected",
  ],
  [
    "[13:00:01 INFO]: [connected player] Notch (/192.168.1.20:60312) has connected",
    "[13:00:01 INFO]: [connected player] Notch (/**.**.**.**:60312) has connected",
  ],
  ["Starting Minecraft server on 10.0.0.5:25565", "Starting Minecraft server on **.**.**.**:25565"],
  ["Server IP: 255.255.255.254.", "Server IP: **.**.**.**."],
  ["[Pterodactyl Daemon]: Allocation 45.13.7.200 bound", "[Pterodactyl Daemon]: Allocation **.**.**.** bound"],
  ["ip=100.64.0.1,port=19132", "ip=**.**.**.**,port=19132"],
];

const ipv6: Row[] = [
  [
    "[12:34:56] [Server thread/INFO]: Steve[/2001:db8:0:0:0:0:0:1:25565] logged in with entity id 7",
    "[12:34:56] [Server thread/INFO]: Steve[/****:****:****:****:****:****:****:****:25565] logged in with entity id 7",
  ],
  [
    "[Netty Epoll Server IO #2/INFO]: /[2001:db8::8a2e:370:7334]:25565 lost connection",
    "[Netty Epoll Server IO #2/INFO]: /[****:****:****:****:****:****:****:****]:25565 lost connection",
  ],
  ["Listening on fe80::1ff:fe23:4567:890a%eth0", "Listening on ****:****:****:****:****:****:****:****%eth0"],
  ["Bound to 2a01:4F8:C2C:1234::1 port 19132", "Bound to ****:****:****:****:****:****:****:**** port 19132"],
  ["route 2001:db8:: via gateway", "route ****:****:****:****:****:****:****:**** via gateway"],
  ["client ::ffff:c000:280 connected", "client ****:****:****:****:****:****:****:**** connected"],
  ["mapped ::ffff:198.51.100.9 connected", "mapped ::ffff:**.**.**.** connected"],
];

const userNames: Row[] = [
  [
    "[main/INFO]: Loading mods from C:\\Users\\Steve\\AppData\\Roaming\\.minecraft\\mods",
    "[main/INFO]: Loading mods from C:\\Users\\********\\AppData\\Roaming\\.minecraft\\mods",
  ],
  [
    "java.io.FileNotFoundException: C:\\Users\\John Smith\\curseforge\\minecraft\\Instances\\All the Mods\\config.toml",
    "java.io.FileNotFoundException: C:\\Users\\********\\curseforge\\minecraft\\Instances\\All the Mods\\config.toml",
  ],
  ["\"gameDir\": \"C:\\\\Users\\\\steve\\\\.minecraft\"", "\"gameDir\": \"C:\\\\Users\\\\********\\\\.minecraft\""],
  ["-Djava.library.path=d:/users/Alex/natives", "-Djava.library.path=d:/users/********/natives"],
  ["USERPROFILE=C:\\Users\\Alex", "USERPROFILE=C:\\Users\\********"],
  [
    "#@!@# Game crashed! Crash report saved to: #@!@# /Users/alex/Library/Application Support/minecraft/crash-reports/crash-2024-01-02_12.34.56-client.txt",
    "#@!@# Game crashed! Crash report saved to: #@!@# /Users/********/Library/Application Support/minecraft/crash-reports/crash-2024-01-02_12.34.56-client.txt",
  ],
  ["Game directory: /Users/alex/Library/Application Support/minecraft", "Game directory: /Users/********/Library/Application Support/minecraft"],
  ["Exception in server tick loop at /home/steve/server/world/level.dat", "Exception in server tick loop at /home/********/server/world/level.dat"],
  ["HOME=/home/mc-admin", "HOME=/home/********"],
  ["Environment: USERNAME=Steve, OS=Windows_NT", "Environment: USERNAME=********, OS=Windows_NT"],
  ["JVM args: -Xmx4G -Duser.name=alex -Dfile.encoding=UTF-8", "JVM args: -Xmx4G -Duser.name=******** -Dfile.encoding=UTF-8"],
  ["USER=steve LOGNAME=steve", "USER=******** LOGNAME=********"],
];

const tokens: Row[] = [
  [
    "[main/INFO]: Launching: java -jar client.jar --username Steve --version 1.20.4 --accessToken 4f8a1c2e9b7d4e3f8a1c2e9b7d4e3f8a --userType msa",
    "[main/INFO]: Launching: java -jar client.jar --username Steve --version 1.20.4 --accessToken ******** --userType msa",
  ],
  ["--session token:4f8a1c2e9b7d:069a79f444e94726a5befca90e38aaf5 --gameDir .", "--session ******** --gameDir ."],
  [
    "[Client thread/INFO]: Setting user: Steve (Session ID is token:4f8a1c2e9b7d4e3f:069a79f444e94726a5befca90e38aaf5)",
    "[Client thread/INFO]: Setting user: Steve (Session ID is ********)",
  ],
  ["[Launcher] accessToken: abcDEF123.456-xyz", "[Launcher] accessToken: ********"],
  ["auth: authToken=Zm9vYmFy refreshToken=YmF6cXV4", "auth: authToken=******** refreshToken=********"],
  [
    '{"access_token": "EwAoA+pvBAAU", "refresh_token":"M.C105_BAY.-CdH", "expires_in": 86400}',
    '{"access_token": "********", "refresh_token":"********", "expires_in": 86400}',
  ],
  ["POST /token refresh_token=0.AXkA-b5t&grant_type=refresh_token", "POST /token refresh_token=********&grant_type=refresh_token"],
  [
    "[Panel] request failed: Authorization: Bearer ptlc_aB3dE5fG7hI9jK1lM3nO5pQ7rS9t",
    "[Panel] request failed: Authorization: Bearer ********",
  ],
  [
    "[Yggdrasil Key Fetcher/ERROR]: Failed to fetch with eyJhbGciOiJIUzI1NiJ9.eyJ4dWlkIjoiMjUzNTQ0MDMwNTY4MjQ2NCJ9.hmX-3g_s9Q7k",
    "[Yggdrasil Key Fetcher/ERROR]: Failed to fetch with ********",
  ],
];

const playerUuids: Row[] = [
  [
    "[12:34:55] [User Authenticator #1/INFO]: UUID of player Steve is 069a79f4-44e9-4726-a5be-fca90e38aaf5",
    "[12:34:55] [User Authenticator #1/INFO]: UUID of player Steve is ********-****-****-****-************",
  ],
  [
    "[12:34:55] [User Authenticator #2/INFO]: UUID of player .Bedrock_Guy is 00000000-0000-0000-0009-01f64f65c7c3",
    "[12:34:55] [User Authenticator #2/INFO]: UUID of player .Bedrock_Guy is ********-****-****-****-************",
  ],
  ["[Geyser] Player Alex (853c80ef-3c37-49fd-aa49-938b674adae6) joined", "[Geyser] Player Alex (********-****-****-****-************) joined"],
  ["[LuckPerms] Loading data for user 'notch' [069a79f4-44e9-4726-a5be-fca90e38aaf5]", "[LuckPerms] Loading data for user 'notch' [********-****-****-****-************]"],
  ["[AuthMe] (Steve) (069a79f4-44e9-4726-a5be-fca90e38aaf5) registered", "[AuthMe] (Steve) (********-****-****-****-************) registered"],
  [
    "Disconnecting GameProfile{id=069a79f4-44e9-4726-a5be-fca90e38aaf5, name=Steve, properties={}, legacy=false}",
    "Disconnecting GameProfile{id=********-****-****-****-************, name=Steve, properties={}, legacy=false}",
  ],
  [
    "[Server thread/INFO]: GameProfile[name=Alex, id=853c80ef-3c37-49fd-aa49-938b674adae6, properties={}]",
    "[Server thread/INFO]: GameProfile[name=Alex, id=********-****-****-****-************, properties={}]",
  ],
  ['usercache: {"name":"Steve","uuid":"x"} {"id":"069a79f4-44e9-4726-a5be-fca90e38aaf5","name":"Steve"}', 'usercache: {"name":"Steve","uuid":"x"} {"id":"********-****-****-****-************","name":"Steve"}'],
  ["--username Steve --uuid 069a79f444e94726a5befca90e38aaf5 --xuid 2535", "--username Steve --uuid ********-****-****-****-************ --xuid 2535"],
  ["--uuid 069A79F4-44E9-4726-A5BE-FCA90E38AAF5", "--uuid ********-****-****-****-************"],
];

const kinds: Record<string, Row[]> = { ipv4, ipv6, userNames, tokens, playerUuids };

for (const [kind, rows] of Object.entries(kinds)) {
  describe(`redacts ${kind}`, () => {
    test.each(rows)("%s", (input, expected) => {
      expect(redact(input)).toBe(expected);
    });
  });
}

describe("keeps what identifies no one", () => {
  const kept: string[] = [
    "Pinging 127.0.0.1 and 127.45.3.2 and 0.0.0.0:25565",
    "DNS fallback 1.1.1.1, 1.0.0.1, 8.8.8.8, 8.8.4.4, 9.9.9.9, 149.112.112.112, 208.67.222.222, 208.67.220.220",
    "Resolvers 2606:4700:4700::1111 2606:4700:4700::1001 2001:4860:4860::8888 2001:4860:4860::8844 2620:fe::fe 2620:fe::9",
    "Loopback ::1 and 0:0:0:0:0:0:0:1 and [::1]:25565",
    "C:\\Users\\Public\\Desktop and C:\\Users\\Default\\AppData",
    "[Pterodactyl Daemon]: Working directory /home/container/server.jar",
    "Shared data in /Users/Shared/minecraft",
  ];
  test.each(kept)("%s", (line) => {
    expect(redact(line)).toBe(line);
  });
});

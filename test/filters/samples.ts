/**
 * Sample log lines shared by the filter tests: what each redaction must produce, and
 * lines that must come out exactly as they went in.
 */

export type Row = [input: string, expected: string];

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
  ["2026-01-23 12:13:52.1840|INFO|HytaleServer.Network|198.51.100.23 connected", "2026-01-23 12:13:52.1840|INFO|HytaleServer.Network|**.**.**.** connected"],
  // next to `|`, before `-`, after `_`: separators, not parts of a version
  ["[Proxy] route 198.51.100.23|25565|lobby and |203.0.113.9|", "[Proxy] route **.**.**.**|25565|lobby and |**.**.**.**|"],
  ["[Velocity] backend 203.0.113.7-survival online, fallback host_198.51.100.4", "[Velocity] backend **.**.**.**-survival online, fallback host_**.**.**.**"],
  // a `.jar` or `.zip` further on, but not in the same file name
  ["Downloading http://203.0.113.7:8080/pack.zip and http://198.51.100.23/mods/foo.jar", "Downloading http://**.**.**.**:8080/pack.zip and http://**.**.**.**/mods/foo.jar"],
  ["hosts 203.0.113.7,latest.jar", "hosts **.**.**.**,latest.jar"],
];

const ipv6: Row[] = [
  // after a label and `:` or `_`
  ["client ip:2001:db8:85a3::8a2e:370:7334 and addr_2001:db8::1", "client ip:****:****:****:****:****:****:****:**** and addr_****:****:****:****:****:****:****:****"],
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
  // only the exact shared folder names are kept
  ["C:\\Users\\Publicity\\x /home/containers/x /Users/SharedAlex/x", "C:\\Users\\********\\x /home/********/x /Users/********/x"],
  ["Environment: USERNAME=Steve, OS=Windows_NT", "Environment: USERNAME=********, OS=Windows_NT"],
  ["JVM args: -Xmx4G -Duser.name=alex -Dfile.encoding=UTF-8", "JVM args: -Xmx4G -Duser.name=******** -Dfile.encoding=UTF-8"],
  ["USER=steve LOGNAME=steve", "USER=******** LOGNAME=********"],
  ["SUDO_USER=steve ran the server as root", "SUDO_USER=******** ran the server as root"],
  ["Loading world from /var/home/steve/mc and backups to /usr/home/steve/bak", "Loading world from /var/home/********/mc and backups to /usr/home/********/bak"],
  ["[WSL] /mnt/c/Users/Steve/AppData/Roaming/.minecraft", "[WSL] /mnt/c/Users/********/AppData/Roaming/.minecraft"],
  [
    "Found legacy save in C:\\Documents and Settings\\Steve\\Application Data\\.minecraft",
    "Found legacy save in C:\\Documents and Settings\\********\\Application Data\\.minecraft",
  ],
  ['"saves": "C:\\\\Documents and Settings\\\\Steve\\\\Application Data"', '"saves": "C:\\\\Documents and Settings\\\\********\\\\Application Data"'],
  ['"backup": "\\\\\\\\nas01\\\\users\\\\steve\\\\minecraft"', '"backup": "\\\\\\\\nas01\\\\users\\\\********\\\\minecraft"'],
  ["Share \\\\nas01\\users\\steve\\minecraft mounted", "Share \\\\nas01\\users\\********\\minecraft mounted"],
  ["Resolved ~steve/.minecraft/mods and ~alex", "Resolved ~********/.minecraft/mods and ~********"],
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
  // Java's print of an argument list
  [
    "[main/INFO]: Launching with [--username, Steve, --uuid, ac4a2732dd44408b8d4ee0b6de14b2c1, --accessToken, 4f8a1c2e9b7d4e3f8a1c2e9b7d4e3f8a, --version, 1.20.4]",
    "[main/INFO]: Launching with [--username, Steve, --uuid, ********-****-****-****-************, --accessToken, ********, --version, 1.20.4]",
  ],
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

const credentials: Row[] = [
  ["rcon.password=hunter2", "rcon.password=********"],
  ["[Server thread/INFO]: Loaded config: password: s3cret!, port: 3306", "[Server thread/INFO]: Loaded config: password: ********, port: 3306"],
  ["database.password=Tr0ub4dor&3 database.user=mc", "database.password=********&3 database.user=mc"],
  ['{"api_key": "sk-live-51HxYz", "apiKey":"abc123", "X-Api-Key": "k1"}', '{"api_key": "********", "apiKey":"********", "X-Api-Key": "********"}'],
  ["[DiscordSRV] secret=Zm9vYmFyYmF6 client_secret = q1w2e3", "[DiscordSRV] secret=******** client_secret = ********"],
  ["[Panel] GET /api/client?token=9f8e7d6c&page=2", "[Panel] GET /api/client?token=********&page=2"],
  ["[Panel] request failed: Authorization: Basic c3RldmU6aHVudGVyMg==", "[Panel] request failed: Authorization: Basic ********"],
  ['headers={"Authorization": "Basic c3RldmU6aHVudGVyMg=="}', 'headers={"Authorization": "Basic ********"}'],
  [
    "[DiscordSRV] Posting to https://discord.com/api/webhooks/1234567890123456789/AbCdEfGhIjKlMnOpQrStUvWxYz-0123456789_abcdefghij",
    "[DiscordSRV] Posting to https://discord.com/api/webhooks/********",
  ],
  ["webhook https://hooks.slack.com/services/T0123ABCD/B0123ABCD/abcdefghijklmnopqrstuvwx", "webhook https://hooks.slack.com/services/********"],
  ["[HikariPool-1] jdbc:mysql://minecraft:hunter2@db.example.net:3306/luckperms", "[HikariPool-1] jdbc:mysql://********@db.example.net:3306/luckperms"],
  ["Connecting to redis://:p4ssw0rd@10.0.0.5:6379/0", "Connecting to redis://********@**.**.**.**:6379/0"],
];

/** Colour codes in front of what must be hidden: displayed, the code vanishes and the value shows. */
const colourCodes: Row[] = [
  ["[Server] §e203.0.113.7§r joined, &a198.51.100.9 too", "[Server] §e**.**.**.**§r joined, &a**.**.**.** too"],
  ["[33m is not an escape, but \u001b[33m203.0.113.7\u001b[0m was", "[33m is not an escape, but **.**.**.** was"],
  ["Saved to §7/home/steve/world and §b/Users/alex/mc", "Saved to §7/home/********/world and §b/Users/********/mc"],
  ["\u001b[0;36m/home/steve/server\u001b[m started", "/home/********/server started"],
];

const emails: Row[] = [
  // glued to a run longer than a local part may be
  [`reply-to ${"a1".repeat(40)}-john@example.com`, "reply-to ********@********"],
  ["[AuthMe] Steve registered with steve.smith+mc@example.co.uk", "[AuthMe] Steve registered with ********@********"],
  ["Contact: mod-author@mods.example.org (issues), <admin@server.net>", "Contact: ********@******** (issues), <********@********>"],
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
  ["[Universe|P] Player 'Steve' joined with UUID 069a79f4-44e9-4726-a5be-fca90e38aaf5", "[Universe|P] Player 'Steve' joined with UUID ********-****-****-****-************"],
  ["[Panel] event=join player=Alex uuid=853c80ef-3c37-49fd-aa49-938b674adae6 ip=**.**.**.**", "[Panel] event=join player=Alex uuid=********-****-****-****-************ ip=**.**.**.**"],
  ['{"username": "Steve", "uuid": "069a79f4-44e9-4726-a5be-fca90e38aaf5"}', '{"username": "Steve", "uuid": "********-****-****-****-************"}'],
  ["--uuid 069A79F4-44E9-4726-A5BE-FCA90E38AAF5", "--uuid ********-****-****-****-************"],
];

/** Each redaction kind with realistic server, launcher and panel lines. */
export const redactionsByKind: Record<string, Row[]> = { ipv4, ipv6, userNames, tokens, credentials, colourCodes, emails, playerUuids };

/** Loopback, resolvers, shared profile folders and the panel's server directory: kept on purpose. */
export const keptOnPurpose: string[] = [
  "Pinging 127.0.0.1 and 127.45.3.2 and 0.0.0.0:25565",
  "DNS fallback 1.1.1.1, 1.0.0.1, 8.8.8.8, 8.8.4.4, 9.9.9.9, 149.112.112.112, 208.67.222.222, 208.67.220.220",
  "Resolvers 2606:4700:4700::1111 2606:4700:4700::1001 2001:4860:4860::8888 2001:4860:4860::8844 2620:fe::fe 2620:fe::9",
  "Loopback ::1 and 0:0:0:0:0:0:0:1 and [::1]:25565",
  "C:\\Users\\Public\\Desktop and C:\\Users\\Default\\AppData and c:/users/All Users/x",
  "[Pterodactyl Daemon]: Working directory /home/container/server.jar",
  "Shared data in /Users/Shared/minecraft",
  "C:\\Documents and Settings\\All Users\\Application Data",
];

/** Lines that look a little like addresses, ids or paths but identify no one. */
export const untouched: string[] = [
  // versions
  "[12:00:00] [main/INFO]: Loading Minecraft 1.20.4.1 with Fabric Loader 0.15.6",
  "[main/INFO]: Forge mod loading, version 1.21.1-47.2.0, for MC 1.21.1 with MCP 20240808.144430",
  "Loaded 214 mods: fabric-api 0.92.0+1.20.4, sodium 0.5.8+mc1.20.4, mod-1.2.3.4.jar, jei-1.20.1-forge-15.2.0.27",
  "Windows 10 (10.0.19045.3803), Java 17.0.9+9-LTS, Paper version git-Paper-435 (MC: 1.20.4) (Implementing API version 1.20.4-R0.1-SNAPSHOT)",
  "[Server thread/INFO]: This server is running Purpur version v1.20.4.2150 (MC: 1.20.4)",
  "[2019-02-16 01:16:14 INFO] Version 1.9.0.15 / Java Version: 17.0.4.1 / java version 21.0.2.13 by Eclipse Adoptium",
  "Mod file accepts its own version (7.10.99.99), OS: Linux x64 Release - Unix 6.18.5.200 - .NET 10.0.2",
  "Mod list: jei-1.16.5-7.7.1.138.jar                  |Just Enough Items      |jei          |7.7.1.138           |DONE      |Manifest: NOSIGNATURE",
  // timestamps
  "[12:34:56] [Server thread/INFO]: Done (12.345s)! For help, type \"help\"",
  "2024-01-02 12:34:56.789 [main] INFO  Startup - took 00:01:02.500",
  "[2024-01-02T12:34:56.789+01:00] [Worker-Main-7/WARN]: Slow tick at 12:34:56",
  // coordinates
  "[Server thread/INFO]: Teleported Steve to x=12.5, y=64.0, z=-3.2",
  "Entity minecraft:zombie at [-120.5, 64.0, 33.1] moved too quickly! 12.1,0.0,3.2",
  "Chunk [12, -4] at 192.5.64.0.5 in region r.0.-1.mca",
  // hashes and commit ids
  "Downloaded asset 3f2a9c1d0e8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f (sha1) and sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  "Built from commit a1b2c3d (git-Paper-435), checksum deadbeefcafebabe0123456789abcdef",
  // Java class names and stack frames
  "java.lang.RuntimeException: tick failed\n\tat net.minecraft.server.MinecraftServer.runServer(MinecraftServer.java:1170) ~[server-1.20.4.jar:git-Paper-435]",
  "java.lang.IllegalStateException: at java.lang.Thread::run and java.util.concurrent.ForkJoinPool::runWorker",
  "Caused by: com.example.mod.v1_20_R3.Handler$1.accept(Handler.java:42)",
  // IPv4-looking parts of longer dotted numbers
  "OID 1.3.6.1.4.1.311 and build 10.0.19045.3803.1 and 2.5.4.3.2.1",
  // colon strings that are not IPv6
  "Timer 12:34:56, MAC 00:1a:2b:3c:4d:5e, ratio 16:9, fingerprint ab:cd:ef:01:23:45:67:89:aa:bb:cc:dd:ee:ff:00:11",
  "std::vector<int> and :: alone and Foo::bar and a::b::c in native code",
  // UUIDs of entities and worlds
  "[Server thread/WARN]: Trying to add entity with duplicated UUID 1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901",
  "Preparing level \"world\" (a4f1b3c2-9d8e-4f7a-8b6c-5d4e3f2a1b0c) with seed 123456789",
  "Keeping entity minecraft:villager that already exists with UUID 853c80ef-3c37-49fd-aa49-938b674adae6",
  // words that sit near the keywords without a value to hide
  "grant_type=refresh_token, token_type=Bearer",
  "Player count: 5/20, user agent Java/17.0.9",
  "max_tokens: 256, password_hint shown, secrets loaded: 3, ~/.minecraft and ~ 5 ms",
  "Basic settings loaded; https://example.com/home/page and https://api.example.com/users/steve",
  "java.lang.Object@1b6d3586 and net.minecraft.class_1234@7f3a2b1c and @Inject(method = \"tick\")",
  "Mod table: |7.7.1.138           |DONE| and file mod_1.12.2-3.2.0.0-release.jar",
  "Colour codes alone: §eYellow §lbold &cred and v1.2.3.4 still a version",
  // already filtered text stays as it is
  "Steve[/**.**.**.**:51234] from ****:****:****:****:****:****:****:**** in C:\\Users\\********\\ --accessToken ********",
];

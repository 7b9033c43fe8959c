/**
 * How fast the privacy filters read a large log: builds ~10 MB of realistic server log
 * (logins with addresses and UUIDs, stack traces, chat, launcher arguments) and reports
 * MB/s over a few runs; then the same for inputs built to make a backtracking pattern
 * stall, which should stay in the same order of speed. Run: bun bench/filters.ts
 */
import { filterLog } from "../src/filters/index.ts";

const sample = [
  "[12:34:56] [Server thread/INFO]: Starting minecraft server version 1.20.4",
  "[12:34:57] [User Authenticator #1/INFO]: UUID of player Steve is 069a79f4-44e9-4726-a5be-fca90e38aaf5",
  "[12:34:57] [Server thread/INFO]: Steve[/203.0.113.7:51234] logged in with entity id 123 at ([world]12.5, 64.0, -3.2)",
  "[12:34:58] [Server thread/WARN]: Can't keep up! Is the server overloaded? Running 2034ms or 40 ticks behind",
  "[12:34:59] [Server thread/ERROR]: Encountered an unexpected exception",
  "java.lang.NullPointerException: Cannot invoke \"net.minecraft.world.entity.Entity.getUUID()\" because \"entity\" is null",
  "\tat net.minecraft.server.level.ServerLevel.tick(ServerLevel.java:412) ~[server-1.20.4.jar:git-Paper-435]",
  "\tat java.lang.Thread.run(Thread.java:1583) ~[?:?]",
  "[12:35:00] [Async Chat Thread - #0/INFO]: <Steve> meet me at 120 64 -33, commit 3f2a9c1d0e8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f",
  "[12:35:01] [Server thread/INFO]: Loaded world 'world' (1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901) in 2024-01-02 12:35:01.789",
  "[12:35:02] [main/INFO]: Launching with --username Steve --uuid 069a79f444e94726a5befca90e38aaf5 --accessToken eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJl",
  "[12:35:03] [Netty Epoll Server IO #1/INFO]: /[2001:db8::8a2e:370:7334]:25565 lost connection: Disconnected",
  "[12:35:04] [main/INFO]: Java home C:\\Users\\Steve\\AppData\\Roaming\\.minecraft\\runtime, config /home/steve/server/config",
].join("\n");

const targetBytes = 10 * 1024 * 1024;
const log = sample.repeat(Math.ceil(targetBytes / (sample.length + 1))).slice(0, targetBytes);
const limits = { maxBytes: 64 * 1024 * 1024, maxLines: 10_000_000 };

function measure(name: string, text: string, runs: number): void {
  const megabytes = Buffer.byteLength(text) / (1024 * 1024);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    filterLog(text, limits);
    times.push(performance.now() - start);
  }
  const best = Math.min(...times);
  const median = times.sort((a, b) => a - b)[Math.floor(runs / 2)];
  console.log(
    `${name} (${megabytes.toFixed(1)} MB): best ${best.toFixed(0)} ms (${(megabytes / (best / 1000)).toFixed(1)} MB/s), ` +
      `median ${median.toFixed(0)} ms (${(megabytes / (median / 1000)).toFixed(1)} MB/s)`,
  );
}

filterLog(log, limits); // warm-up: compile the patterns, let the JIT settle
measure("realistic server log", log, 5);

/** Units repeated end to end that keep starting matches: near-misses and dense hits. */
const adversarial: Record<string, string> = {
  "hex and colons": "a:b:c:d:e:f:1:",
  "dotted digits": "1.22.333.4.5.",
  "home paths": "C:\\Users\\" + "x".repeat(70) + " /home/",
  "token keys": "accessToken=refresh_token: Bearer eyJ.",
  "player keywords": "player 'Steve' user uuid (Steve) (",
};
for (const [name, unit] of Object.entries(adversarial)) {
  measure(`stress: ${name}`, unit.repeat(Math.ceil(targetBytes / unit.length)).slice(0, targetBytes), 3);
}

/** Logs for the web page tests. */

export { paperLogWithBrokenPlugin } from "../ai/fixtures.ts";

/** Numbered plain lines, for anchor and selection tests. */
export function numberedLog(lines: number): string {
  return Array.from({ length: lines }, (_, i) => `[12:00:00] [Server thread/INFO]: line ${i + 1}`).join("\n");
}

export const hostileLog = [
  "[12:00:00] [Server thread/INFO]: <script>window.__pwned = 1</script>",
  '[12:00:01] [Server thread/WARN]: <img src=x onerror="window.__pwned = 2">',
  "[12:00:02] [Server thread/ERROR]: \"quotes\" & 'apostrophes' </div></main>",
].join("\n");

/**
 * A 25,000-line server log (the default line limit) with the shapes real ones have: info lines,
 * warnings, errors with long stack traces.
 */
export function largeLog(lines = 25_000): string {
  const out: string[] = [
    "[10:00:00] [Server thread/INFO]: Starting minecraft server version 1.20.4",
    "[10:00:00] [Server thread/INFO]: This server is running Paper version git-Paper-496 (MC: 1.20.4)",
  ];
  let n = 0;
  while (out.length < lines) {
    n++;
    if (n % 50 === 0) {
      out.push(`[10:${String(n % 60).padStart(2, "0")}:00] [Server thread/ERROR]: Could not pass event PlayerMoveEvent to Plugin${n % 7} v1.0`);
      out.push("java.lang.NullPointerException: Cannot invoke \"org.bukkit.Location.getWorld()\" because \"loc\" is null");
      for (let frame = 0; frame < 30; frame++) out.push(`\tat com.example.plugin${n % 7}.Listener.onMove(Listener.java:${frame + 10}) ~[?:?]`);
    } else if (n % 11 === 0) {
      out.push(`[10:${String(n % 60).padStart(2, "0")}:01] [Server thread/WARN]: Can't keep up! Is the server overloaded? Running ${n}ms or ${n / 50} ticks behind`);
    } else {
      out.push(`[10:${String(n % 60).padStart(2, "0")}:02] [Server thread/INFO]: Player${n % 20} moved to x=${n} y=64 z=${-n} in world`);
    }
  }
  return out.slice(0, lines).join("\n");
}

/**
 * Runs wrk (Debian's package) against one URL for a bounded time and returns what the scripts in
 * bench/wrk/ report: requests per second and latency percentiles, plus every kind of error, so a
 * fast run made of 429s or 500s is never mistaken for a good one.
 */

export interface LoadOptions {
  url: string;
  /** bench/wrk/<script>.lua */
  script: "post" | "post-distinct" | "read";
  connections: number;
  durationS: number;
  /** Environment for the Lua script (BENCH_BODY_FILE, BENCH_IDS_FILE, ...). */
  scriptEnv: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Non-2xx/3xx answers plus socket errors and timeouts. */
  errors: number;
  mbPerS: number;
  /** req/s of each round, when several were combined. */
  roundsRps?: number[];
}

const WRK_THREADS = 2; // the machine has two cores; more threads only contend with the server

export async function wrkAvailable(): Promise<boolean> {
  return Bun.which("wrk") !== null;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const connections = Math.max(options.connections, WRK_THREADS);
  const command = [
    "wrk",
    `-t${WRK_THREADS}`,
    `-c${connections}`,
    `-d${options.durationS}s`,
    "--timeout", "10s",
    "-s", `${import.meta.dir}/wrk/${options.script}.lua`,
    options.url,
  ];
  const child = Bun.spawn(command, {
    env: { ...process.env, BENCH_WRK_DIR: `${import.meta.dir}/wrk`, ...options.scriptEnv },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  const line = stdout.split("\n").find((candidate) => candidate.startsWith("BENCH_RESULT "));
  if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}):\n${stdout}\n${stderr}`);
  const raw = JSON.parse(line.slice("BENCH_RESULT ".length)) as Record<string, number>;
  const seconds = raw.duration_us / 1e6;
  return {
    requests: raw.requests,
    rps: raw.requests / seconds,
    p50Ms: raw.p50_us / 1000,
    p99Ms: raw.p99_us / 1000,
    maxMs: raw.max_us / 1000,
    errors: raw.non_2xx + raw.connect_errors + raw.read_errors + raw.write_errors + raw.timeouts,
    mbPerS: raw.bytes / seconds / 1e6,
  };
}

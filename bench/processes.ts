/**
 * The programs under test run as child processes, exactly as they are deployed (`bun run
 * src/index.ts` with env vars), so what the benchmark measures is what runs, and the RSS read
 * from /proc is the service's alone (not the runner's or wrk's).
 */
import { readdirSync, readFileSync } from "node:fs";

export interface RunningProgram {
  name: string;
  url: string;
  pid: number;
  /** Resident set size now, in MiB (VmRSS from /proc). */
  rssMiB(): number;
  /** The same summed over the program and every process it started (`bun run start` runs a child). */
  treeRssMiB(): number;
  /** Everything the program wrote to stderr so far (start-up failures, logged errors). */
  stderr(): string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;

/** Starts `command` and waits for its JSON "listening" line on stdout (src/index.ts and bench/floor.ts print one). */
export async function startProgram(name: string, command: string[], env: Record<string, string>, onSpawn?: (pid: number) => void): Promise<RunningProgram> {
  const child = Bun.spawn(command, {
    cwd: `${import.meta.dir}/..`,
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  onSpawn?.(child.pid);
  let errors = "";
  void (async () => {
    const decoder = new TextDecoder();
    const reader = child.stderr.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      errors += decoder.decode(value, { stream: true });
    }
  })();

  const url = await Promise.race([
    readListeningUrl(child.stdout),
    Bun.sleep(START_TIMEOUT_MS).then(() => null),
  ]).catch(() => null);
  if (url === null) {
    // Closed stdout or no line in time: say why, with what the program wrote to stderr.
    const code = await Promise.race([child.exited, Bun.sleep(2_000).then(() => null)]);
    if (code === null) child.kill("SIGKILL");
    await Bun.sleep(100);
    throw new Error(`${name} did not start (${code === null ? `no listening line within ${START_TIMEOUT_MS / 1000} s` : `exit code ${code}`}):\n${errors.slice(-2000)}`);
  }

  return {
    name,
    url,
    pid: child.pid,
    rssMiB: () => rssMiB(child.pid),
    treeRssMiB: () => treeRssMiB(child.pid),
    stderr: () => errors,
    async stop() {
      child.kill("SIGTERM");
      const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(10_000).then(() => false)]);
      if (!exited) {
        child.kill("SIGKILL");
        await child.exited;
      }
    },
  };
}

async function readListeningUrl(stdout: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let buffered = "";
  const reader = stdout.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("stdout closed before the listening line");
    buffered += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      try {
        const parsed = JSON.parse(line) as { msg?: string; url?: string };
        if (parsed.msg === "listening" && parsed.url) {
          // Keep draining stdout so the child never blocks on a full pipe.
          void (async () => {
            for (;;) if ((await reader.read()).done) break;
          })();
          return parsed.url;
        }
      } catch {
        // Not JSON: some other output.
      }
    }
  }
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** `pid` and all its descendants (`bun run start` runs the server as a child). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // the fields after the command name (which may hold spaces): state, then the parent's pid
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // it ended while we looked
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** RSS of `pid` and all its descendants, in MiB: what the machine gives the whole service. */
export function treeRssMiB(pid: number): number {
  let total = 0;
  for (const member of processTree(pid)) {
    try {
      const value = rssMiB(member);
      if (Number.isFinite(value)) total += value; // a zombie has no VmRSS
    } catch {
      // it ended while we looked
    }
  }
  return total;
}

/** Samples the tree's RSS every `everyMs` until stopped; the highest value seen is the peak. */
export function treePeakSampler(pid: number, everyMs = 20): { peakMiB(): number; stop(): number } {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, treeRssMiB(pid)));
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    peakMiB: () => peak,
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

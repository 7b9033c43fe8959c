/**
 * CPU time from /proc, so a scenario can say what each request cost the machine and not only how
 * many were answered: on two shared cores a throughput ratio says that one program is slower,
 * CPU per request says where the time went (the program itself or Postgres).
 */
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { processTree } from "./processes.ts";

/** Kernel clock ticks per second, the unit of the times in /proc/<pid>/stat. */
const TICKS_PER_SECOND = (() => {
  const printed = Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim();
  const ticks = Number(printed);
  return Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
})();

/**
 * The fields of /proc/<pid>/stat after the command name (which may itself hold spaces and
 * parentheses, hence the last ")"), or null when the process has gone.
 */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** utime + stime (fields 14 and 15 of stat, 11 and 12 after the name): every thread, the finished ones included. */
function ownTicks(fields: string[]): number {
  return Number(fields[11]) + Number(fields[12]);
}

/** cutime + cstime: children that have exited and were waited for (a Postgres backend that ended). */
function reapedChildTicks(fields: string[]): number {
  return Number(fields[13]) + Number(fields[14]);
}

/** CPU seconds the process has used so far, all its threads together. */
export function processCpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return fields ? ownTicks(fields) / TICKS_PER_SECOND : 0;
}

/** The same summed over `pid` and every process it started (`bun run start` runs a child; nginx runs PHP-FPM). */
export function treeCpuSeconds(pid: number): number {
  return processTree(pid).reduce((sum, member) => sum + processCpuSeconds(member), 0);
}

/** The 1/5/15-minute load average as "1.2/0.8/0.5": above the core count, other work shared the cores. */
export function loadAverage(): string {
  return loadavg().map((value) => value.toFixed(1)).join("/");
}

/**
 * CPU seconds of every Postgres process on the machine (postmaster, backends, background
 * workers), backends that have already exited included through the postmaster's reaped-children
 * total. Only one program is under load at a time, so a difference across its run is its share.
 */
export function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let command: string;
    try {
      command = readFileSync(`/proc/${entry}/comm`, "utf8").trim();
    } catch {
      continue; // gone between the listing and the read
    }
    if (command !== "postgres") continue;
    const fields = statFields(Number(entry));
    if (fields) ticks += ownTicks(fields) + reapedChildTicks(fields);
  }
  return ticks / TICKS_PER_SECOND;
}

/**
 * CPU seconds of the Postgres backends serving `database` (their process title names it), so
 * other clients of a shared Postgres server do not count. Backends that already exited are not
 * counted: the service's pool keeps its connections for the whole run.
 */
export function postgresCpuSecondsOf(database: string): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      title = readFileSync(`/proc/${entry}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (!title.split(/[\s\0]+/).includes(database)) continue;
    const fields = statFields(Number(entry));
    if (fields) ticks += ownTicks(fields);
  }
  return ticks / TICKS_PER_SECOND;
}

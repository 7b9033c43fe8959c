/**
 * The standard process metrics, under the names Prometheus client libraries use, so existing
 * dashboards and alerts work: CPU seconds, resident memory, the JavaScript heap, open file
 * descriptors and their limit, start time, and event-loop lag (how late a timer fires: a
 * blocked loop delays every request).
 */
import { readdirSync, readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { heapStats } from "bun:jsc";
import type { MetricsRegistry } from "./metrics.ts";

/** Linux's USER_HZ: /proc/self/stat counts CPU time in these ticks. */
const CLOCK_TICKS_PER_SECOND = 100;
const startTimeS = Math.round(Date.now() / 1000 - process.uptime());

/** Registers the process metrics; `stop` ends the event-loop sampling. */
export function registerProcessMetrics(registry: MetricsRegistry): { stop(): void } {
  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();

  registry.counter("process_cpu_user_seconds_total", "CPU time spent in user mode.", (set) => set(cpuSeconds().user));
  registry.counter("process_cpu_system_seconds_total", "CPU time spent in kernel mode.", (set) => set(cpuSeconds().system));
  registry.counter("process_cpu_seconds_total", "CPU time spent in user and kernel mode.", (set) => {
    const { user, system } = cpuSeconds();
    set(user + system);
  });
  registry.gauge("process_resident_memory_bytes", "Resident set size.", (set) => set(process.memoryUsage.rss()));
  registry.gauge("process_heap_bytes", "Bytes of the JavaScript heap in use.", (set) => set(heapStats().heapSize));
  registry.gauge("process_heap_capacity_bytes", "Bytes the JavaScript heap has reserved.", (set) => set(heapStats().heapCapacity));
  registry.gauge("process_open_fds", "Open file descriptors (sockets included).", (set) => {
    const count = openFds();
    if (count !== null) set(count);
  });
  registry.gauge("process_max_fds", "The limit of open file descriptors.", (set) => {
    const max = maxFds();
    if (max !== null) set(max);
  });
  registry.gauge("process_start_time_seconds", "Unix time the process started.", (set) => set(startTimeS));
  // Sampled every 20 ms; the window restarts at each scrape, so max is "since the last scrape".
  registry.gauge("nodejs_eventloop_lag_seconds", "Event-loop lag since the last scrape, mean and max.", (set) => {
    set(nanosToSeconds(lag.mean), { stat: "mean" });
    set(nanosToSeconds(lag.max), { stat: "max" });
    set(nanosToSeconds(lag.percentile(99)), { stat: "p99" });
    lag.reset();
  });
  return { stop: () => lag.disable() };
}

function nanosToSeconds(value: number): number {
  return Number.isFinite(value) ? value / 1e9 : 0;
}

/** From /proc on Linux (Bun's process.cpuUsage() does not tell user from system time); elsewhere Bun's figure. */
function cpuSeconds(): { user: number; system: number } {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { user: Number(fields[11]) / CLOCK_TICKS_PER_SECOND, system: Number(fields[12]) / CLOCK_TICKS_PER_SECOND };
  } catch {
    const usage = process.cpuUsage();
    return { user: usage.user / 1e6, system: usage.system / 1e6 };
  }
}

function openFds(): number | null {
  try {
    return readdirSync("/proc/self/fd").length;
  } catch {
    return null;
  }
}

function maxFds(): number | null {
  try {
    const match = /^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

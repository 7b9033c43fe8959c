/**
 * Starts the PHP stand-in (peer.php) the way such a service is deployed: nginx in front, PHP-FPM
 * behind it on a Unix socket, OPcache and PCRE's JIT as Debian's php-fpm package sets them, Redis
 * on the machine's 127.0.0.1:6379. Everything it writes (configuration, socket, stored logs) goes
 * to a folder of its own; its Redis keys go to one database, emptied at start and at stop.
 *
 * One process tree: a shell starts PHP-FPM in the background and becomes nginx, so nginx's master
 * is the parent of PHP-FPM's and the tree's CPU and RSS are the whole service's (Redis aside,
 * like the Postgres server of the other benches).
 */
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { processTree, rssMiB, treeRssMiB, type RunningProgram } from "../processes.ts";

export interface PhpPeerOptions {
  name: string;
  /** A folder of its own, removed by the caller. */
  folder: string;
  /** The filter list it applies, in GET /v1/filters' shape ("[]": none). */
  filtersJson: string;
  /** PHP-FPM workers (pm = static). */
  workers: number;
  /** The Redis database its cache uses (emptied at start and at stop). */
  redisDb: number;
}

/** The PHP-FPM binary of Debian's php-fpm package (php-fpm8.2 on Debian 12), or null. */
export function phpFpmBinary(): string | null {
  const found = readdirSync("/usr/sbin").filter((name) => /^php-fpm\d+\.\d+$/.test(name)).sort();
  return found.length > 0 ? join("/usr/sbin", found.at(-1)!) : null;
}

export function phpPeerMissing(): string | null {
  const missing = [
    Bun.which("nginx") ? null : "nginx",
    phpFpmBinary() ? null : "php-fpm",
    Bun.spawnSync(["php", "-r", "exit(extension_loaded('redis') ? 0 : 1);"]).exitCode === 0 ? null : "php-redis",
    Bun.which("redis-cli") ? null : "redis-tools",
  ].filter((name) => name !== null);
  return missing.length > 0 ? `apt-get update && apt-get install -y ${missing.join(" ")}` : null;
}

export async function startPhpPeer(options: PhpPeerOptions): Promise<RunningProgram> {
  const fpm = phpFpmBinary();
  if (!fpm) throw new Error("php-fpm is not installed");
  const { folder } = options;
  const data = join(folder, "data");
  mkdirSync(data, { recursive: true });
  await Bun.write(join(folder, "filters.json"), options.filtersJson);
  const port = await freePort();
  const socket = join(folder, "php-fpm.sock");

  await Bun.write(
    join(folder, "php-fpm.conf"),
    `[global]
pid = ${folder}/php-fpm.pid
error_log = ${folder}/php-fpm.log
daemonize = no

[peer]
listen = ${socket}
listen.mode = 0666
pm = static
pm.max_children = ${options.workers}
clear_env = yes
env[PEER_DATA_DIR] = ${data}
env[PEER_FILTERS] = ${folder}/filters.json
env[PEER_REDIS_DB] = ${options.redisDb}
catch_workers_output = yes
`,
  );
  await Bun.write(
    join(folder, "nginx.conf"),
    `user root;
worker_processes auto;
pid ${folder}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${folder}/client-body;
  fastcgi_temp_path ${folder}/fastcgi;
  proxy_temp_path ${folder}/proxy;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  # A 200 KB body stays in memory instead of a temporary file (the default buffer is 16 KB).
  client_max_body_size 64m;
  client_body_buffer_size 1m;
  fastcgi_buffers 64 16k;
  server {
    listen 127.0.0.1:${port};
    location / {
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME ${import.meta.dir}/peer.php;
      fastcgi_pass unix:${socket};
    }
  }
}
`,
  );

  flushRedis(options.redisDb);
  // -R: PHP-FPM refuses to run its workers as root without it (this machine's benches run as root).
  const child = Bun.spawn(
    ["sh", "-c", `"${fpm}" -F -R -y "${folder}/php-fpm.conf" & exec nginx -c "${folder}/nginx.conf" -p "${folder}" -g "daemon off;"`],
    { stdout: "ignore", stderr: "pipe" },
  );
  let errors = "";
  void (async () => {
    const decoder = new TextDecoder();
    const reader = child.stderr.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) errors += decoder.decode(read.value, { stream: true });
  })();

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    const tree = processTree(child.pid);
    for (const pid of tree.reverse()) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // gone already
      }
    }
    await Promise.race([child.exited, Bun.sleep(10_000)]);
    flushRedis(options.redisDb);
  };
  // Ready when PHP answers through nginx (its 404 for an unknown path is JSON from peer.php).
  for (const started = Date.now(); ; await Bun.sleep(100)) {
    const answer = await fetch(`${url}/ready`).catch(() => null);
    if (answer?.status === 404 && answer.headers.get("content-type") === "application/json") break;
    if (Date.now() - started > 30_000 || child.exitCode !== null) {
      await stop();
      const fpmLog = await Bun.file(join(folder, "php-fpm.log")).text().catch(() => "");
      throw new Error(`${options.name} did not start:\n${(fpmLog + errors).slice(0, 3000)}`);
    }
  }
  return {
    name: options.name,
    url,
    pid: child.pid,
    rssMiB: () => rssMiB(child.pid),
    treeRssMiB: () => treeRssMiB(child.pid),
    stderr: () => errors,
    stop,
  };
}

function flushRedis(db: number): void {
  const flushed = Bun.spawnSync(["redis-cli", "-n", String(db), "flushdb"]);
  if (flushed.exitCode !== 0) throw new Error(`redis-cli -n ${db} flushdb failed: ${flushed.stderr.toString()}`);
}

async function freePort(): Promise<number> {
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = server.port!;
  await server.stop(true);
  return port;
}

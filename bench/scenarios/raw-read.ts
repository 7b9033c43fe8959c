/**
 * Raw reads with Accept-Encoding: br: the stored brotli bytes go out as they are.
 * - hot: one log, just uploaded, read over and over: the service answers from its in-memory
 *   cache, the floor does a select per request. The cache should make the service faster.
 * - cold: many distinct logs read in rotation by a service started with CACHE_MAX_BYTES=0, so
 *   every read fetches the blob from Postgres like the floor does.
 */
import { measureSideBySide, type BenchContext, type ResultRow, type Scenario } from "../context.ts";
import { forgeServerLog } from "../fixtures.ts";
import { seedDistinctLogs, uploadText } from "../seed.ts";

const CONNECTIONS = 64;

export const rawHotScenario: Scenario = {
  name: "raw-hot",
  describe: `GET /v1/raw/{id} of one hot log (br pass-through from the cache) at ${CONNECTIONS} connections, service vs floor`,
  async run(ctx: BenchContext): Promise<ResultRow[]> {
    const text = forgeServerLog();
    const serviceIds = await ctx.idsFile("hot-service", [await uploadText(ctx.service.url, "/v1/log", text)]);
    const floorIds = await ctx.idsFile("hot-floor", [await uploadText(ctx.floor.url, "/log", text)]);
    const [service, floor] = await measureSideBySide(ctx, [
      { program: ctx.service, path: "", script: "read", connections: CONNECTIONS, scriptEnv: { BENCH_IDS_FILE: serviceIds, BENCH_PATH_PREFIX: "/v1/raw/" } },
      { program: ctx.floor, path: "", script: "read", connections: CONNECTIONS, scriptEnv: { BENCH_IDS_FILE: floorIds, BENCH_PATH_PREFIX: "/raw/" } },
    ]);
    const rssMiB = ctx.service.rssMiB();
    return [
      { scenario: "raw-hot", target: "logpaste", connections: CONNECTIONS, load: service, ratio: service.rps / floor.rps, rssMiB },
      { scenario: "raw-hot", target: "floor", connections: CONNECTIONS, load: floor },
    ];
  },
};

export const rawColdScenario: Scenario = {
  name: "raw-cold",
  describe: `GET /v1/raw/{id} rotating over many distinct logs, service with CACHE_MAX_BYTES=0, at ${CONNECTIONS} connections, vs floor`,
  async run(ctx: BenchContext): Promise<ResultRow[]> {
    const count = ctx.quick ? 50 : 200;
    const cold = await ctx.start("logpaste (CACHE_MAX_BYTES=0)", ["bun", "run", "src/index.ts"], { ...ctx.serviceEnv, CACHE_MAX_BYTES: "0" });
    try {
      const seeded = await seedDistinctLogs(cold.url, ctx.floor.url, count);
      const [service, floor] = await measureSideBySide(ctx, [
        { program: cold, path: "", script: "read", connections: CONNECTIONS, scriptEnv: { BENCH_IDS_FILE: await ctx.idsFile("cold-service", seeded.service), BENCH_PATH_PREFIX: "/v1/raw/" } },
        { program: ctx.floor, path: "", script: "read", connections: CONNECTIONS, scriptEnv: { BENCH_IDS_FILE: await ctx.idsFile("cold-floor", seeded.floor), BENCH_PATH_PREFIX: "/raw/" } },
      ]);
      const rssMiB = cold.rssMiB();
      const note = `${count} distinct logs; the service process here is a second one with CACHE_MAX_BYTES=0 (its RSS)`;
      return [
        { scenario: "raw-cold", target: "logpaste, CACHE_MAX_BYTES=0", connections: CONNECTIONS, load: service, ratio: service.rps / floor.rps, rssMiB, note },
        { scenario: "raw-cold", target: "floor", connections: CONNECTIONS, load: floor },
      ];
    } finally {
      await cold.stop();
    }
  },
};

/** What each kind of client sends; the first is the reference the others are divided by. */
const CLIENTS = [
  { label: "Accept-Encoding: br, gzip (browsers, mclo.gs clients)", acceptEncoding: "br, gzip" },
  { label: "no Accept-Encoding (Java's HttpClient, curl, most bots)", acceptEncoding: "none" },
  { label: "Accept-Encoding: gzip, deflate (Python's requests)", acceptEncoding: "gzip, deflate" },
];

export const rawClientsScenario: Scenario = {
  name: "raw-clients",
  describe: `GET /v1/raw/{id} of one hot log at ${CONNECTIONS} connections by a brotli client, a client without Accept-Encoding and a gzip client, each next to the floor sending the same client its bytes from memory`,
  async run(ctx: BenchContext): Promise<ResultRow[]> {
    const text = forgeServerLog();
    const serviceIds = await ctx.idsFile("clients", [await uploadText(ctx.service.url, "/v1/log", text)]);
    const floorIds = await ctx.idsFile("clients-floor", [await uploadText(ctx.floor.url, "/log", text)]);
    const read = (program: typeof ctx.service, ids: string, prefix: string, acceptEncoding: string) => ({
      program, path: "", script: "read" as const, connections: CONNECTIONS,
      scriptEnv: { BENCH_IDS_FILE: ids, BENCH_PATH_PREFIX: prefix, BENCH_ACCEPT_ENCODING: acceptEncoding },
    });
    // Service and floor alternate client by client, so each pair shares the machine's state.
    const loads = await measureSideBySide(
      ctx,
      CLIENTS.flatMap((client) => [
        read(ctx.service, serviceIds, "/v1/raw/", client.acceptEncoding),
        read(ctx.floor, floorIds, "/held/", client.acceptEncoding),
      ]),
    );
    const service = CLIENTS.map((_, index) => loads[2 * index]);
    const floor = CLIENTS.map((_, index) => loads[2 * index + 1]);
    const times = (a: number, b: number) => `${(a / b).toFixed(2)} x`;
    return [
      // The figure: each client against the brotli client, on the service.
      ...CLIENTS.map((client, index) => ({
        scenario: "raw-clients", target: `logpaste, ${client.label}`, connections: CONNECTIONS, load: service[index],
        rssMiB: index === 0 ? ctx.service.rssMiB() : undefined,
        ...(index === 0 ? {} : { ratio: service[index].rps / service[0].rps, ratioOf: "the brotli client" }),
        note: index === 0
          ? "the reference"
          : `${times(service[index].rps, service[0].rps)} the brotli client's rate; the floor, sending the same bytes from memory, reached ${times(floor[index].rps, floor[0].rps)} its own brotli client's rate in this run`,
      })),
      // What each client gets against the least any server could do for it: send its bytes.
      ...CLIENTS.flatMap((client, index) => [
        {
          scenario: "raw-clients-floor", target: `logpaste, ${client.label}`, connections: CONNECTIONS, load: service[index],
          ratio: service[index].rps / floor[index].rps,
        },
        {
          scenario: "raw-clients-floor", target: `floor, ${client.label}`, connections: CONNECTIONS, load: floor[index],
          note: "GET /held/{id}: the form this client accepts, sent from memory",
        },
      ]),
    ];
  },
};

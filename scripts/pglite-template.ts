#!/usr/bin/env bun
/**
 * `bun scripts/pglite-template.ts`: makes the template every new PGlite database is copied from
 * (src/storage/pglite-template.ts explains why). Run it after upgrading @electric-sql/pglite and
 * commit both files; until then, new folders fall back to initdb in a child process.
 *
 * It runs initdb (about 1 GiB of memory for a minute) in memory, checkpoints so the files hold
 * everything, and stores PGlite's own dump of the folder brotli-compressed.
 */
import { PGlite } from "@electric-sql/pglite";
import { resolve } from "node:path";
import zlib from "node:zlib";
import { INITDB_PARAMS, installedPgliteVersion, type TemplateInfo } from "../src/storage/pglite-template.ts";

const database = new PGlite({ initDbStartParams: INITDB_PARAMS });
await database.waitReady;
await database.exec("CHECKPOINT");
const tar = new Uint8Array(await (await database.dumpDataDir("none")).arrayBuffer());
await database.close();

const compressed = zlib.brotliCompressSync(tar, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 24 } });
const folder = resolve(import.meta.dir, "../src/storage");
await Bun.write(resolve(folder, "pglite-template.tar.br"), compressed);
const info: TemplateInfo = { pglite: installedPgliteVersion(), initdb: INITDB_PARAMS };
await Bun.write(resolve(folder, "pglite-template.json"), JSON.stringify(info, null, 2) + "\n");
console.log(`template for PGlite ${info.pglite}: ${tar.byteLength} bytes as tar, ${compressed.byteLength} as brotli`);

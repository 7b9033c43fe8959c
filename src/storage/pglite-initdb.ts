/**
 * `bun src/storage/pglite-initdb.ts <folder>`: runs PGlite's initdb into an empty folder and
 * exits. Started as a child process by src/storage/pglite-template.ts when no template fits the
 * installed PGlite, so initdb's memory peak (near 1 GiB) goes back to the system when it ends.
 */
import { PGlite } from "@electric-sql/pglite";
import { INITDB_PARAMS } from "./pglite-template.ts";

const folder = process.argv[2];
if (!folder) {
  console.error("usage: bun src/storage/pglite-initdb.ts <empty folder>");
  process.exit(64);
}
const database = new PGlite(folder, { initDbStartParams: INITDB_PARAMS });
await database.waitReady;
await database.close();

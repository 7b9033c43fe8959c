/**
 * Preloaded by `bun test` (bunfig.toml) before any test file: makes the migrated PGlite database
 * the tests copy (./migrated-database.ts) when this checkout has none yet, so that the seconds it takes on a fresh
 * clone count against no test's or hook's time limit. Once made, this is a hash of a few files.
 * First it points temporary folders at RAM where the machine allows (./scratch.ts).
 */
import { migratedDatabase } from "./migrated-database.ts";
import { useRamForScratch } from "./scratch.ts";

useRamForScratch();
await migratedDatabase();

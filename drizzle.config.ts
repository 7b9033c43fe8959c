import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema; both drivers (PGlite, postgres) apply the same files.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/storage/schema.ts",
  out: "./drizzle",
});

/**
 * The evaluation corpus the engine benches read: real logs kept outside the repository (never
 * copied into it), ../shared/corpus by default.
 */
import { resolve } from "node:path";

export const DEFAULT_CORPUS_DIR = resolve(import.meta.dir, "../../shared/corpus");

/** Every .log under the folder, as uploaded bytes. */
export async function corpusLogs(dir: string): Promise<Uint8Array[]> {
  const logs: Uint8Array[] = [];
  for await (const rel of new Bun.Glob("**/*.log").scan({ cwd: dir })) logs.push(await Bun.file(`${dir}/${rel}`).bytes());
  return logs;
}

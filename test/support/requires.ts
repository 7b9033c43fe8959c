/**
 * Tests that need a program the machine may lack (a JDK, PCRE's test tool, Chromium). On a
 * developer's machine without it they skip, saying why in one line; with `CI` set they fail,
 * because CI installs everything (.ci/run) and a silent skip there would hide a broken check.
 */

/** The program's path if it is on PATH (or at `path`), else null after saying why the tests skip. */
export function requireProgram(name: string, why: string): string | null {
  const found = Bun.which(name);
  if (found) return found;
  if (process.env.CI) throw new Error(`${name} is needed for ${why}, and CI must have it (.ci/run installs it)`);
  console.warn(`skipped: ${why}: ${name} is not installed`);
  return null;
}

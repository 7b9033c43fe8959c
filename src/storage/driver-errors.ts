/**
 * Reading driver errors: Drizzle wraps the driver's error (postgres.js or PGlite) in `cause`, so
 * the fields that tell what went wrong (SQLSTATE, connection codes, constraint) are looked up
 * along the cause chain.
 */

/** Each `code` found along the cause chain, outermost first. */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === "object" && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
  }
  return codes;
}

/** The SQLSTATE of a failed statement (five characters), if the error carries one. */
export function sqlState(error: unknown): string | undefined {
  return errorCodes(error).find((code) => /^[0-9A-Z]{5}$/.test(code));
}

/** The constraint a violation names (postgres.js: `constraint_name`; PGlite: `constraint`). */
export function violatedConstraint(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === "object" && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const { constraint, constraint_name } = current as { constraint?: string; constraint_name?: string };
    if (constraint ?? constraint_name) return constraint ?? constraint_name;
  }
  return undefined;
}

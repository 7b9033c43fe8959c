/**
 * Reading driver errors: Drizzle wraps the driver's error (postgres.js or PGlite) in `cause`, so
 * the fields that tell what went wrong (SQLSTATE, connection codes, constraint) are looked up
 * along the cause chain.
 */

type ErrorFields = { code?: unknown; constraint?: string; constraint_name?: string; cause?: unknown };

/** The error and its causes, outermost first (a cycle ends the walk). */
function causeChain(error: unknown): ErrorFields[] {
  const chain: ErrorFields[] = [];
  for (let current = error; current && typeof current === "object" && !chain.includes(current); current = (current as ErrorFields).cause) {
    chain.push(current);
  }
  return chain;
}

/** Each `code` found along the cause chain, outermost first. */
export function errorCodes(error: unknown): string[] {
  return causeChain(error).flatMap(({ code }) => (typeof code === "string" ? [code] : []));
}

/** Whether a code is a SQLSTATE (five digits or capitals) rather than a driver's or socket's own. */
export function isSqlState(code: string): boolean {
  return /^[0-9A-Z]{5}$/.test(code);
}

/** The SQLSTATE of a failed statement, if the error carries one. */
export function sqlState(error: unknown): string | undefined {
  return errorCodes(error).find(isSqlState);
}

/** The constraint a violation names (postgres.js: `constraint_name`; PGlite: `constraint`). */
export function violatedConstraint(error: unknown): string | undefined {
  for (const { constraint, constraint_name } of causeChain(error)) {
    if (constraint ?? constraint_name) return constraint ?? constraint_name;
  }
  return undefined;
}

/**
 * An error as an operator's log line may show it. Drizzle's message repeats the failed query
 * with its parameters (uploaders' metadata, token hashes, log ids): a database error is told by
 * its SQLSTATE or connection code and the driver's own message, which names no values.
 */
export function describeError(error: unknown): string {
  const code = errorCodes(error)[0];
  if (code !== undefined) {
    const chain = causeChain(error) as { message?: unknown }[];
    const driverMessage = chain.findLast((link) => typeof link.message === "string")?.message as string | undefined;
    return `database error ${code}${driverMessage ? `: ${driverMessage.split("\n")[0].slice(0, 200)}` : ""}`;
  }
  if (error instanceof Error) return `${error.name}: ${error.message.split("\n")[0].slice(0, 300)}`;
  return String(error).slice(0, 300);
}

import type { FilterLimits, PublishedFilter, RegexFilterData } from "./model.ts";
import { ipv4, ipv6 } from "./redactions/addresses.ts";
import { unixHome, userVariable, windowsHome } from "./redactions/user-names.ts";
import { bearerToken, jwt, keyedToken, launcherToken, sessionId } from "./redactions/tokens.ts";
import {
  bracketedPlayerUuid,
  launcherUuid,
  namedPlayerUuid,
  playerUuidField,
  profileIdBeforeName,
  profileNameBeforeId,
} from "./redactions/player-ids.ts";

/**
 * The redactions in the order they run. Order matters where two could see the same text:
 * Windows paths before the Unix rule (which also sees `C:/Users/`, so a name with spaces
 * is taken whole first), session ids and launcher arguments before the bare JWT rule.
 */
const redactions: readonly RegexFilterData[] = deepFreeze([
  ipv4,
  ipv6,
  windowsHome,
  unixHome,
  userVariable,
  launcherToken,
  sessionId,
  keyedToken,
  bearerToken,
  jwt,
  namedPlayerUuid,
  playerUuidField,
  bracketedPlayerUuid,
  profileIdBeforeName,
  profileNameBeforeId,
  launcherUuid,
]);

/**
 * The one filter list: what `GET /v1/filters` serves and what `filterLog` runs. Limits
 * come first so redaction only reads what will be kept (the mclo.gs order).
 */
export function publishedFilters(limits: FilterLimits): PublishedFilter[] {
  return [
    { type: "trim", data: null },
    { type: "limit-bytes", data: { limit: limits.maxBytes } },
    { type: "limit-lines", data: { limit: limits.maxLines } },
    ...redactions.map((data): PublishedFilter => ({ type: "regex", data })),
  ];
}

/** Shared and served to every caller, so nobody may edit them in place. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

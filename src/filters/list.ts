import type { FilterLimits, PublishedFilter, RegexFilterData } from "./model.ts";
import { ipv4, ipv4Gate, ipv6, ipv6Gate } from "./redactions/addresses.ts";
import { unixHome, unixHomeGate, userVariable, userVariableGate, windowsHome, windowsHomeGate } from "./redactions/user-names.ts";
import { bearerToken, jwt, keyedToken, keyedTokenGate, launcherToken, sessionId } from "./redactions/tokens.ts";
import {
  bracketedPlayerUuid,
  dashedUuidGate,
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
 * The second of a pair is its gate (apply.ts), for redactions whose own scan is slow.
 */
const redactionList: readonly (readonly [RegexFilterData, RegExp?])[] = [
  [ipv4, ipv4Gate],
  [ipv6, ipv6Gate],
  [windowsHome, windowsHomeGate],
  [unixHome, unixHomeGate],
  [userVariable, userVariableGate],
  [launcherToken],
  [sessionId],
  [keyedToken, keyedTokenGate],
  [bearerToken],
  [jwt],
  [namedPlayerUuid, dashedUuidGate],
  [playerUuidField, dashedUuidGate],
  [bracketedPlayerUuid, dashedUuidGate],
  [profileIdBeforeName, dashedUuidGate],
  [profileNameBeforeId, dashedUuidGate],
  [launcherUuid],
];

const redactions: readonly RegexFilterData[] = deepFreeze(redactionList.map(([data]) => data));

/** The gate of a published redaction, if it has one (what `filterLog` passes to applyFilters). */
const gates = new Map<RegexFilterData, RegExp>(redactionList.flatMap(([data, gate]) => (gate ? [[data, gate] as const] : [])));
export const gateOf = (data: RegexFilterData): RegExp | undefined => gates.get(data);

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

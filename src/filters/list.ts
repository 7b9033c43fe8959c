import type { FilterLimits, PublishedFilter, Redaction } from "./model.ts";
import { terminalEscapes } from "./redactions/terminal.ts";
import { ipv4, ipv6 } from "./redactions/addresses.ts";
import { email } from "./redactions/identities.ts";
import { tildeHome, unixHome, userVariable, windowsHome } from "./redactions/user-names.ts";
import {
  basicCredentials,
  bearerToken,
  jwt,
  keyedSecret,
  launcherToken,
  sessionId,
  urlCredentials,
  webhook,
} from "./redactions/credentials.ts";
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
 * terminal escapes go first, so nothing hides behind one;
 * credentials in a URL before e-mail addresses (`user:pass@host.com`); Windows paths before
 * the Unix rule; launcher arguments, session ids and HTTP authorization before the keyed rule
 * (`"token": "Bearer x"` keeps both words hidden); the server-only redactions last, so that a
 * client running the published list first changes nothing the server then stores.
 */
export const redactions: readonly Redaction[] = deepFreeze([
  terminalEscapes,
  ipv4,
  ipv6,
  urlCredentials,
  email,
  windowsHome,
  unixHome,
  tildeHome,
  userVariable,
  launcherToken,
  sessionId,
  bearerToken,
  basicCredentials,
  keyedSecret,
  jwt,
  webhook,
  profileIdBeforeName,
  launcherUuid,
  namedPlayerUuid,
  playerUuidField,
  bracketedPlayerUuid,
  profileNameBeforeId,
]);

/** A step the server runs: the published ones, with regex steps carrying the whole redaction. */
export type ServerFilter = Exclude<PublishedFilter, { type: "regex" }> | { type: "regex"; redaction: Redaction };

/** Limits come first so redaction only reads what will be kept (the mclo.gs order). */
export function serverFilters(limits: FilterLimits): ServerFilter[] {
  return [
    { type: "trim", data: {} },
    { type: "limit-bytes", data: { limit: limits.maxBytes } },
    { type: "limit-lines", data: { limit: limits.maxLines } },
    ...redactions.map((redaction): ServerFilter => ({ type: "regex", redaction })),
  ];
}

/** What `GET /v1/filters` serves: the server's steps without the server-only redactions. */
export function publishedFilters(limits: FilterLimits): PublishedFilter[] {
  return serverFilters(limits).flatMap((filter): PublishedFilter[] => {
    if (filter.type !== "regex") return [filter];
    return filter.redaction.published ? [{ type: "regex", data: filter.redaction.data }] : [];
  });
}

/** Shared and served to every caller, so nobody may edit them in place (gates are RegExps: left alone). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !(value instanceof RegExp)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

import { placeholder } from "../placeholders.ts";
import type { RegexFilterData } from "../model.ts";

/**
 * Credentials that let someone play or act as the player. The key before the value is
 * kept so a reader still sees what was there. Values run to the next space, quote or
 * delimiter; the character classes exclude what follows them, so nothing backtracks.
 */

/** Launcher arguments: `--accessToken <token>`, `--session token:<token>:<uuid>`. */
export const launcherToken: RegexFilterData = {
  pattern: String.raw`(--(?:accessToken|session)[ \t=]+)[^\s"']+`,
  flags: "g",
  replacement: `$1${placeholder.secret}`,
  exemptions: [],
};

/**
 * Key/value forms in any casing: `accessToken: x`, `authToken=x`, `refresh_token=x`,
 * `"access_token": "x"`, `sessionToken`, `id_token`; in a query string the value ends at `&`.
 */
export const keyedToken: RegexFilterData = {
  pattern: String.raw`(\b(?:access|auth|refresh|session|id)[_-]?token["']?[ \t]*[:=][ \t]*["']?)[^\s"',;&)}\]]+`,
  flags: "gi",
  replacement: `$1${placeholder.secret}`,
  exemptions: [],
};

/** Every keyed token has the word before its separator. */
export const keyedTokenGate = /token/gi;

/** The client's `Setting user: Steve` companion line: `(Session ID is token:<token>:<uuid>)`. */
export const sessionId: RegexFilterData = {
  pattern: String.raw`(Session ID is )[^\s)]+`,
  flags: "g",
  replacement: `$1${placeholder.secret}`,
  exemptions: [],
};

/** `Authorization: Bearer <token>` in HTTP traces from panels and mods. */
export const bearerToken: RegexFilterData = {
  pattern: String.raw`(\bBearer[ \t]+)[\w.~+/-]+=*`,
  flags: "gi",
  replacement: `$1${placeholder.secret}`,
  exemptions: [],
};

/** JWTs wherever they stand (Microsoft/Minecraft access tokens are JWTs): `eyJ<header>.<payload>.<signature>`. */
export const jwt: RegexFilterData = {
  pattern: String.raw`\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*`,
  flags: "g",
  replacement: placeholder.secret,
  exemptions: [],
};

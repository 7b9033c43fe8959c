import { placeholder } from "../placeholders.ts";
import type { Modifier, Redaction } from "../model.ts";
import { afterLiterals, afterText, combine, SPACE } from "./portable.ts";

/**
 * Credentials: what lets someone play as the player or act as the server. The key before a
 * value is kept (a lookbehind, not part of the match) so a reader still sees what was there.
 * Values run to the next space, quote or delimiter; the classes exclude what follows them,
 * so nothing backtracks.
 */

const secret = (name: string, patterns: string[], modifiers: Modifier[], gate?: RegExp): Redaction => ({
  name,
  published: true,
  data: { patterns: patterns.map((pattern) => ({ pattern, modifiers, replacement: placeholder.secret })), exemptions: [] },
  gate,
});

/**
 * Launcher arguments: `--accessToken <token>`, `--session token:<token>:<uuid>`, also as Java
 * prints an argument list (`[--username, Steve, --accessToken, <token>, --version, ...]`).
 */
export const launcherToken = secret(
  "launcher access tokens",
  [`${afterText(combine(["--accessToken", "--session"], [" ", "=", ", "]))}[^${SPACE}"',\\]]+`],
  [],
  /--accessToken|--session/g,
);

/** The client's `Setting user: Steve` companion line: `(Session ID is token:<token>:<uuid>)`. */
export const sessionId = secret("session ids", [`${afterText(["Session ID is "])}[^${SPACE})]+`], [], /Session ID is /g);

/**
 * `<key><separator><value>` for every key that ends in one of these words, in any casing:
 * `accessToken: x`, `refresh_token=x`, `"access_token": "x"`, `rcon.password=x`,
 * `db_password: x`, `client_secret=x`, `api_key=x`, `X-Api-Key: x`. Ending in the word is
 * enough (`token` covers access, auth, refresh, session and id tokens) and keeps every
 * lookbehind alternative a fixed-length literal. In a query string the value ends at `&`.
 */
const secretKeys = ["token", "password", "passwd", "secret", "api_key", "apikey", "api-key"];
const quote = ["", '"', "'"];
const keyedSeparators = combine(quote, ["", " "], ["=", ":"], ["", " "], quote);
const secretValue = `[^${SPACE}"',;&)}\\]]+`;
export const keyedSecret: Redaction = {
  ...secret(
    "tokens, passwords, secrets and API keys after their key",
    [`${afterLiterals(combine(secretKeys, keyedSeparators))}${secretValue}`],
    ["i"],
    /token|passw|secret|api[_-]?key/gi,
  ),
  // the same keys and separators, captured and put back: 5-10x faster in JavaScriptCore
  serverPatterns: [
    {
      pattern: `((?:token|passw(?:or)?d|secret|api[_-]?key)["']?[ ]?[=:][ ]?["']?)${secretValue}`,
      modifiers: ["i"],
      replacement: `$1${placeholder.secret}`,
    },
  ],
};

/** `Authorization: Bearer <token>` in HTTP traces from panels and mods. */
export const bearerToken = secret("bearer tokens", [`${afterText(["Bearer "])}[A-Za-z0-9._~+\\/-]+=*`], ["i"], /bearer /gi);

/** `Authorization: Basic <base64 of user:password>`; "Basic" alone is too common a word to go by. */
export const basicCredentials = secret(
  "HTTP basic credentials",
  [`${afterText(combine(["Authorization"], quote, [": ", ":", "=", " = ", ": \"", ":\""], ["Basic "]))}[A-Za-z0-9+\\/]+=*`],
  ["i"],
  /basic /gi,
);

/**
 * JWTs wherever they stand (Microsoft/Minecraft access tokens are JWTs): `eyJ<header>.<payload>.<signature>`.
 * A token starts after a character that cannot be part of one, `-` included: with `-` allowed
 * before it, each `eyJ` of `eyJ-eyJ-eyJ-...` began a match that read to the end of the run,
 * and 160 KB of it held the upload worker 2.6 s (quadratic). Now each run is read once.
 */
export const jwt = secret(
  "JSON web tokens",
  // The (?=eyJ) adds nothing to what matches: written first, it spares clients' engines the lookbehind at every position.
  [String.raw`(?=eyJ)(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*`],
  [],
  /eyJ/g,
);

/** The id and token of a webhook URL (Discord's `/api/webhooks/<id>/<token>`, Slack's `/services/T../B../<token>`). */
export const webhook = secret(
  "webhook URLs' secrets",
  [
    String.raw`${afterText(["/webhooks/"])}[0-9]{5,20}\/[A-Za-z0-9_-]{16,}`,
    String.raw`${afterText(["hooks.slack.com/services/"])}[A-Za-z0-9]{5,20}\/[A-Za-z0-9]{5,20}\/[A-Za-z0-9]{16,}`,
  ],
  ["i"],
  /webhooks\/|hooks\.slack\.com\//gi,
);

/** The user part of a URL: `jdbc:mysql://user:password@host`, `redis://:password@host`. */
export const urlCredentials = secret(
  "user names and passwords in URLs",
  [`${afterText(["://"])}[^${SPACE}\\/@:"'<>]{0,64}:[^${SPACE}\\/@"'<>]{1,128}(?=@)`],
  [],
  /:\/\//g,
);

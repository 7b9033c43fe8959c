/**
 * What a redacted value becomes. Stable on purpose: readers learn to recognise them, and
 * none of them is matched again by any filter, so filtering filtered text changes nothing
 * (clients filter before upload and the server filters again).
 */
export const placeholder = {
  ipv4: "**.**.**.**",
  ipv6: "****:****:****:****:****:****:****:****",
  /** User names in home-directory paths and environment variables, tokens, session ids. */
  secret: "********",
  uuid: "********-****-****-****-************",
  email: "********@********",
} as const;

/** Problems reported by the Bedrock Dedicated Server (rule group `bedrock`). */
import { defineRule } from "../define-rule.ts";
import { fix } from "../wording.ts";

const groups = ["bedrock"] as const;
const enableAuthentication = "Set online-mode=true in server.properties so players are authenticated.";

export const bedrockRules = [
  defineRule({
    code: "bedrock-whitelist-without-auth",
    category: "config-error",
    summary: "The whitelist is on while online authentication is off, which the server refuses.",
    groups,
    shapes: [{
      anchor: /Using a whitelist but without online authentication can be dangerous and is not allowed\./,
      hint: "Using a whitelist",
      extract: () => ({}),
    }],
    message: () => "The server refuses to run a whitelist while online authentication (online-mode) is switched off.",
    solutions: () => [enableAuthentication, "Or switch the whitelist off (white-list=false in server.properties)."],
    key: () => "",
  }),

  defineRule({
    code: "bedrock-allowlist-without-auth",
    category: "config-error",
    summary: "The allowlist is on while online authentication is off, which the server refuses.",
    groups,
    shapes: [{
      anchor: /Using an allowlist but without online authentication can be dangerous and is not allowed\./,
      hint: "Using an allowlist",
      extract: () => ({}),
    }],
    message: () => "The server refuses to run an allowlist while online authentication (online-mode) is switched off.",
    solutions: () => [enableAuthentication, "Or switch the allowlist off (allow-list=false in server.properties)."],
    key: () => "",
  }),

  defineRule({
    code: "bedrock-encrypted-world",
    category: "world-corrupt",
    summary: "The world is encrypted (a Marketplace world), which dedicated servers cannot open.",
    groups,
    shapes: [{
      anchor: /DBStorage chain is invalid\. Possibly encryption-related, or bad DBStorageConfig passed\. Reason: Unable to decipher\/decrypt LevelDB\./,
      hint: "DBStorage chain is invalid",
      extract: () => ({}),
    }],
    message: () => "The world's database is encrypted, as Marketplace worlds are, and a dedicated server cannot read it.",
    solutions: () => [fix.newWorld()],
    key: () => "",
  }),
];

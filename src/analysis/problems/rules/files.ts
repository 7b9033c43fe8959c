/** Files and configs: a config that cannot be read, a file in the way, locked or unwritable, a full disk. */
import { culpritAt, culpritName, type Culprit } from "../crash-culprit.ts";
import { defineRule, type ShapeMatch } from "../define-rule.ts";
import { logShows } from "../log-facts.ts";
import { baseName } from "../names.ts";
import { quote } from "../wording.ts";
import { jvm } from "./cue.ts";

interface ModConfig {
  file: string | null;
  type: string | null;
  mod: string | null;
  detail: string | null;
}

interface BrokenConfig {
  file: string;
  /** The mod or plugin whose code read it, when the trace names one. */
  owner: Culprit | null;
}

/** The exceptions of the parsers configs are read with (Gson, NightConfig, SnakeYAML, Bukkit). */
const CONFIG_PARSER = /MalformedJsonException|JsonSyntaxException|JsonParseException|nightconfig\.core\.io\.ParsingException|snakeyaml\.\S{0,60}(?:Parser|Scanner)Exception|InvalidConfigurationException/;

interface Locked {
  path: string;
  detail: string;
}

/** The loader's own line, which names the file and the mod (Forge's wording, and NeoForge 1.21's). */
const LOADER_CONFIG_LINE = /Failed (?:loading|to load) config file \S/;

/** The loader's line: the file, its type and the mod. */
const configFile = ({ anchor }: ShapeMatch): ModConfig => ({ file: baseName(anchor[1]), type: anchor[2], mod: anchor[3], detail: null });

/** Where a Forge config of this type lives: server configs are per world. */
const configPlace = ({ file, type }: ModConfig) =>
  type === "SERVER" ? `serverconfig/${file} in the world folder (saves/<world>/serverconfig on a client)` : `config/${file}`;

export const fileRules = [
  defineRule<ModConfig>({
    ...jvm,
    code: "mod-config-unreadable",
    category: "config-error",
    summary: "A mod's config file cannot be parsed (Forge/NeoForge `Failed loading config file`, NightConfig ParsingException).",
    shapes: [
      { anchor: /Failed loading config file (\S{1,300}) of type (\w{1,20}) for modid (\S{1,100})/, hint: "Failed loading config file", extract: configFile },
      // NeoForge 1.21: `Failed to load config file C:\...\config\create-client.toml of type CLIENT for modid create`
      { anchor: /Failed to load config file (\S{1,300}) of type (\w{1,20}) for modid (\S{1,100})/, hint: "Failed to load config file", extract: configFile },
      {
        anchor: /nightconfig\.core\.io\.ParsingException: ([^\n]{1,200})/,
        hint: "ParsingException",
        // The loader's own line names the file and the mod; this one is for excerpts without it.
        extract: ({ anchor, log }) =>
          LOADER_CONFIG_LINE.test(log.text) ? null : { file: null, type: null, mod: null, detail: anchor[1].trim() },
      },
    ],
    message: (config) =>
      config.file
        ? `The config file ${quote(config.file)} of the mod ${quote(config.mod!)} cannot be read.`
        : `A mod's TOML config file is empty or damaged (${quote(config.detail!)}).`,
    solutions: (config) => [
      config.file
        ? `Delete ${configPlace(config)} (keep a copy if you changed settings); the mod writes a fresh one on the next start.`
        : "Delete the damaged .toml file in the config folder (or the world's serverconfig folder): look for an empty one or one full of NUL characters.",
      "If you edited the file by hand, fix its TOML syntax instead.",
    ],
    key: ({ file, mod }) => `${mod ?? ""}\n${file ?? ""}`,
  }),

  defineRule<BrokenConfig>({
    ...jvm,
    code: "config-syntax-error",
    category: "config-error",
    summary: "A configuration file (JSON, YAML, TOML, properties) has a syntax error: the server's own (spigot.yml) or a mod's or plugin's.",
    shapes: [
      {
        // Spigot and Paper: `Could not load spigot.yml, please correct your syntax errors`.
        anchor: /Could not load (\S{1,200}\.ya?ml), please correct your syntax errors/,
        hint: "please correct your syntax errors",
        extract: ({ anchor }) => ({ file: anchor[1], owner: null }),
      },
      {
        // Bukkit loading a plugin's file: `Cannot load plugins/Shop/config.yml`, then the YAML error.
        anchor: /Cannot load (\S{1,300}\.ya?ml)\s*$/,
        hint: ["Cannot load ", ".yml"],
        later: { pattern: CONFIG_PARSER, within: 3 },
        extract: ({ anchor }) => ({ file: anchor[1], owner: null }),
      },
      {
        // A mod's own loader: `Failed to read config file config/appleskin.json`, with a parser's exception in the trace.
        anchor: /Failed to (?:read|load|parse) config(?:uration)? file:? (\S{1,300}\.(?:json5?|toml|ya?ml|cfg|properties|snbt))/,
        hint: ["Exception", "onfig"],
        // The parser's exception follows in the trace (across entries in a paste without headers).
        extract: ({ anchor, entry, lineIndex, log }) => (logShows(log, CONFIG_PARSER) ? { file: anchor[1], owner: culpritAt(entry, lineIndex, log) } : null),
      },
    ],
    message: ({ file, owner }) =>
      `The configuration file ${quote(file)}${owner ? ` of ${quote(culpritName(owner))}` : ""} cannot be read: its syntax is broken.`,
    solutions: ({ file }) => [
      `Fix the syntax of ${quote(file)} (a missing quote, comma or bracket, or tabs in YAML), for example with an online validator; the error above gives the line.`,
      `Or delete ${quote(file)} (keep a copy) so that a fresh default one is written on the next start.`,
    ],
    key: ({ file }) => file,
  }),

  defineRule<{ path: string }>({
    ...jvm,
    code: "file-already-exists",
    category: "file-problem",
    summary: "A file is in the way of one the game wants to create (FileAlreadyExistsException).",
    shapes: [{
      anchor: /FileAlreadyExistsException: ([^\n]{1,400})/,
      hint: "FileAlreadyExistsException",
      extract: ({ anchor }) => ({ path: anchor[1].trim() }),
    }],
    message: ({ path }) => `The game could not create ${quote(path)} because something with that name is already there.`,
    solutions: ({ path }) => [`Rename or delete ${quote(path)} (back it up first), often a file where a folder should be, then start again.`],
    key: ({ path }) => path,
  }),

  defineRule<Locked>({
    ...jvm,
    code: "file-access-denied",
    category: "file-problem",
    summary: "A file cannot be written or opened: access denied, or locked by another process.",
    shapes: [
      { anchor: /AccessDeniedException: ([^\n]{1,400})/, hint: "AccessDeniedException", extract: ({ anchor }) => ({ path: anchor[1].trim(), detail: "access denied" }) },
      {
        anchor: /(?:FileNotFoundException|FileSystemException): ([^\n]{1,400}?):? \(?(Access is denied|Permission denied|The process cannot access the file because it is being used by another process)/,
        hint: "Exception",
        extract: ({ anchor }) => ({ path: anchor[1].trim(), detail: anchor[2] }),
      },
    ],
    message: ({ path, detail }) => `The game cannot open or write ${quote(path)} (${detail}).`,
    solutions: () => [
      "Close whatever holds the file: a second game or server still running, a cloud sync folder (OneDrive), an antivirus scan.",
      "Make sure your user may write to that folder; do not run the game or server from a protected folder such as Program Files.",
    ],
    key: ({ path }) => path,
  }),

  defineRule<{ detail: string }>({
    ...jvm,
    code: "disk-full",
    category: "file-problem",
    summary: "The disk is full (No space left on device, not enough space on the disk).",
    shapes: [
      // An IOException or FileSystemException message.
      { anchor: /No space left on device/, hint: ["Exception", "No space left on device"], extract: ({ anchor }) => ({ detail: anchor[0] }) },
      { anchor: /There is not enough space on the disk/, hint: "There is not enough space on the disk", extract: ({ anchor }) => ({ detail: anchor[0] }) },
    ],
    message: ({ detail }) => `The disk is full, so the game could not write its files (${quote(detail)}).`,
    solutions: () => ["Free space on the drive holding the game or server folder: old backups, world copies, logs and crash reports are often large."],
    key: () => "",
  }),

  defineRule<{ world: string }>({
    ...jvm,
    code: "world-session-locked",
    category: "file-problem",
    summary: "The world is already open in another running server or game (session.lock already locked).",
    shapes: [
      {
        anchor: /(?:^|[\s:])(\S{0,300}?)[/\\]?session\.lock: already locked/,
        hint: ["Exception", "session.lock: already locked"],
        extract: ({ anchor }) => ({ world: baseName(anchor[1].replace(/[/\\]+$/, "")) || "world" }),
      },
      // Before 1.14: `MinecraftException: The save is being accessed from another location, aborting`.
      { anchor: /The save is being accessed from another location/, hint: ["Exception", "The save is being accessed"], extract: () => ({ world: "world" }) },
    ],
    message: ({ world }) => `The world ${quote(world)} is already in use by another running server or game.`,
    solutions: () => ["Stop the other server or game that has this world open (a server still running in the background, a second instance), then start again."],
    key: ({ world }) => world,
  }),
];

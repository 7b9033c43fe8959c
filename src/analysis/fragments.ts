/**
 * Regex source fragments shared by the format, detector and information tables.
 * Character classes exclude "\n" so a pattern never runs past the end of a line.
 */

/** `HH:MM:SS` as in `[14:20:41]`. */
export const TIME = String.raw`\d{2}:\d{2}:\d{2}`;

/**
 * A Minecraft version: `1.20.4`, `19w34a`, `1.18.2-pre3`, `1.14 Pre-Release 3`,
 * `1.21.10 Release Candidate 1`, `26.1 Snapshot 1`, `1.20-rc-1`.
 */
export const MC_VERSION = String.raw`[0-9.w]+(?:[a-z]|[- ]?(?:pre|rc|Pre-Release|Release Candidate|Snapshot) ?\d+|-(?:snapshot|pre|rc)-\d+)?`;

/**
 * `[14:20:41] [Server thread/INFO]: ` — the Vanilla header plus its space; also the console
 * form `[14:20:41 INFO]: ` that Bukkit-family servers print to stdout (see formats.ts).
 */
export const VANILLA_PREFIX = String.raw`(?:\[${TIME}\] \[[^/\n]+\/\w+\]|\[${TIME} \w+\]): `;

/** Like the Vanilla header, but Fabric (Loom) headers may lack the colon. */
export const FABRIC_PREFIX = String.raw`\[${TIME}\] \[[^/\n]+\/\w+\]:? `;

/** `2019-02-16 00:25:12 [INFO] ` — pre-1.7 server logs. */
export const OLD_PREFIX = String.raw`(?:\d{2,4}-?){3} ${TIME} \[\w+\] `;

/** `[14Jun2024 10:26:24.157] ` — the Forge/NeoForge time block with optional date and millis. */
export const FORGE_TIME = String.raw`\[(?:\S+ )?${TIME}(?:\.\d+)?\]`;

/** `[14Jun2024 10:26:24.157] [main/INFO] [cpw.mods.modlauncher.Launcher/MODLAUNCHER]: ` on the main thread. */
export const FORGE_MAIN_PREFIX = String.raw`${FORGE_TIME} \[main\/INFO\](?: \[[^\]\n]+\])?: `;

/** Mohist and Arclight headers: `[12Jun2022 10:00:00.123] [Server thread/INFO] [Minecraft/]: `. */
export const HYBRID_PREFIX = String.raw`\[(?:\d\d[A-Za-z]+\d+ )?${TIME}(?:\.\d+)?\] \[[^/\n]+\/\w+\](?: \[[^\]\n]+\])?: `;

/** CustomSkinLoader's own log header, e.g. `[2021-02-18 16:50:16 Texture Downloader #1 INFO] `. */
export const CSL_PREFIX = String.raw`\[\d{4}(?:-\d\d){2} ${TIME}(?:\] \[)?[^\]\n]+[ /][A-Z]+\](?: \[[^\]\n]+\]:)? `;

export const HYTALE_SERVER_PREFIX = String.raw`\[(?:\d{2,4}\/?){3} ${TIME}\s*\w+\]`;
export const HYTALE_CLIENT_PREFIX = String.raw`(?:\d{2,4}-?){3}\s${TIME}\.\d{4}\|\w+\|`;

/**
 * Archive expansion for attached files: .zip, .tar, .tar.gz/.tgz and .gz, read by our own small
 * readers so every byte that comes out is counted. Bounded on every axis (ArchiveLimits): entries,
 * bytes per file, bytes in all, expansion ratio and nesting depth. Symlinks, hard links, devices,
 * encrypted and zip64 entries are refused; directories are skipped.
 */
import zlib from "node:zlib";
import { promisify } from "node:util";
import { ApiError } from "../errors.ts";

const inflateRaw = promisify(zlib.inflateRaw);
const gunzip = promisify(zlib.gunzip);

export interface ArchiveLimits {
  /** Entries read from all archives of one upload. */
  maxEntries: number;
  /** Decoded bytes of one file. */
  maxFileBytes: number;
  /** Decoded bytes of all files of one upload. */
  maxTotalBytes: number;
  /** Decoded bytes an archive may expand to per byte it has (small archives get 1 MiB of slack). */
  maxRatio: number;
  /** How deep archives inside archives are expanded (1 = top level only). */
  maxDepth: number;
}

export interface ExtractedFile {
  name: string;
  bytes: Uint8Array;
}

/** What one upload has used so far, shared by all its archives. */
export interface ExpansionBudget {
  entries: number;
  bytes: number;
  /** Told of every expanded byte kept (the process's body budget: see AttachmentLimits.charge). */
  charge?: (bytes: number) => void;
}

export type ArchiveKind = "zip" | "tar" | "tar.gz" | "gz";

const RATIO_SLACK_BYTES = 1024 * 1024;

export function archiveKind(name: string): ArchiveKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".zip")) return "zip";
  if (lower.endsWith(".tar.gz") || lower.endsWith(".tgz")) return "tar.gz";
  if (lower.endsWith(".tar")) return "tar";
  if (lower.endsWith(".gz")) return "gz";
  return null;
}

/** The name an archive's contents are placed under: `logs.zip` -> `logs`, `a.log.gz` -> `a.log`. */
function stripArchiveExtension(name: string): string {
  return name.replace(/(\.tar\.gz|\.tgz|\.tar|\.zip|\.gz)$/i, "");
}

function invalid(name: string, why: string): ApiError {
  return new ApiError("invalid_archive", `Archive '${name.slice(0, 120)}' cannot be expanded: ${why}.`);
}

/**
 * Expands one archive into files with relative paths. Archives found inside are expanded too,
 * down to `limits.maxDepth`; `depth` is this archive's level (1 for an uploaded archive).
 */
export async function expandArchive(
  name: string,
  bytes: Uint8Array,
  limits: ArchiveLimits,
  budget: ExpansionBudget,
  depth = 1,
): Promise<ExtractedFile[]> {
  const kind = archiveKind(name);
  if (!kind) return [{ name, bytes }];
  if (depth > limits.maxDepth) {
    throw invalid(name, `archives nested more than ${limits.maxDepth} deep are not expanded`);
  }
  const ratioLimit = Math.max(bytes.byteLength * limits.maxRatio, RATIO_SLACK_BYTES);
  const meter = new ExpansionMeter(name, limits, budget, ratioLimit);
  let entries: ExtractedFile[];
  switch (kind) {
    case "zip":
      entries = await readZip(name, bytes, meter);
      break;
    case "tar":
      entries = readTar(name, bytes, meter);
      break;
    case "tar.gz":
      entries = readTar(name, await meter.decode(() => gunzip(bytes, { maxOutputLength: meter.allowance() }), name), meter);
      break;
    case "gz":
      entries = [{ name: stripArchiveExtension(name), bytes: await meter.decode(() => gunzip(bytes, { maxOutputLength: meter.allowance() }), name) }];
      break;
  }
  const prefix = kind === "gz" ? "" : `${stripArchiveExtension(name)}/`;
  const files: ExtractedFile[] = [];
  for (const entry of entries) {
    const entryName = kind === "gz" ? entry.name : prefix + entry.name;
    if (archiveKind(entryName)) {
      files.push(...(await expandArchive(entryName, entry.bytes, limits, budget, depth + 1)));
    } else {
      files.push({ name: entryName, bytes: entry.bytes });
    }
  }
  return files;
}

/** Counts entries and decoded bytes against the per-file, total and ratio limits. */
class ExpansionMeter {
  private produced = 0;

  constructor(
    private readonly archive: string,
    private readonly limits: ArchiveLimits,
    private readonly budget: ExpansionBudget,
    private readonly ratioLimit: number,
  ) {}

  countEntry(): void {
    if (++this.budget.entries > this.limits.maxEntries) {
      throw new ApiError("payload_too_large", `The upload's archives hold more than ${this.limits.maxEntries} entries.`);
    }
  }

  /** Bytes the next decode may produce before some limit is passed (+1 to detect passing it). */
  allowance(): number {
    return Math.max(
      1,
      Math.min(
        this.limits.maxFileBytes,
        this.limits.maxTotalBytes - this.budget.bytes,
        this.ratioLimit - this.produced,
      ) + 1,
    );
  }

  add(size: number, entry: string): void {
    if (size > this.limits.maxFileBytes) {
      throw new ApiError("payload_too_large", `'${entry.slice(0, 120)}' is larger than ${this.limits.maxFileBytes} bytes once expanded.`);
    }
    this.produced += size;
    this.budget.bytes += size;
    if (this.budget.bytes > this.limits.maxTotalBytes) {
      throw new ApiError("payload_too_large", `The upload's files are larger than ${this.limits.maxTotalBytes} bytes once expanded.`);
    }
    if (this.produced > this.ratioLimit) {
      throw new ApiError("payload_too_large", `Archive '${this.archive.slice(0, 120)}' expands more than ${this.limits.maxRatio} times its size.`);
    }
    this.budget.charge?.(size);
  }

  /** Runs a bounded decoder; its "too large" error becomes a 413, any other failure a 400. */
  async decode(run: () => Promise<Buffer>, entry: string): Promise<Uint8Array> {
    let out: Buffer;
    try {
      out = await run();
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) {
        throw new ApiError("payload_too_large", `'${entry.slice(0, 120)}' expands past the upload limits.`);
      }
      throw invalid(this.archive, "its compressed data is corrupt");
    }
    this.add(out.byteLength, entry);
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  }

  /** Stored (uncompressed) entries count like decoded ones. */
  stored(bytes: Uint8Array, entry: string): Uint8Array {
    this.add(bytes.byteLength, entry);
    return bytes;
  }
}

// ---- zip (PKWARE APPNOTE: end of central directory -> central directory -> local headers) ----

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const UNIX_HOST = 3;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFREG = 0o100000;

async function readZip(archive: string, bytes: Uint8Array, meter: ExpansionMeter): Promise<ExtractedFile[]> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  if (eocd < 0) throw invalid(archive, "it is not a zip file");
  const count = view.getUint16(eocd + 10, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw invalid(archive, "zip64 archives are not supported");
  const files: ExtractedFile[] = [];
  let offset = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (offset + 46 > view.byteLength || view.getUint32(offset, true) !== CENTRAL_SIGNATURE) {
      throw invalid(archive, "its central directory is corrupt");
    }
    meter.countEntry();
    const madeBy = view.getUint8(offset + 5);
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const externalAttributes = view.getUint32(offset + 38, true);
    const localOffset = view.getUint32(offset + 42, true);
    const rawName = bytes.subarray(offset + 46, offset + 46 + nameLength);
    // Bit 11 marks UTF-8 names; others are CP437, which matches Latin-1 for the usual characters.
    const name = new TextDecoder(flags & 0x800 ? "utf-8" : "latin1").decode(rawName);
    offset += 46 + nameLength + extraLength + commentLength;

    const mode = madeBy === UNIX_HOST ? externalAttributes >>> 16 : 0;
    if (name.endsWith("/") || name.startsWith("__MACOSX/")) continue; // folders, macOS resource forks
    if ((mode & S_IFMT) === S_IFLNK) throw invalid(archive, `'${name}' is a symbolic link`);
    if (mode !== 0 && (mode & S_IFMT) !== 0 && (mode & S_IFMT) !== S_IFREG) throw invalid(archive, `'${name}' is not a regular file`);
    if (flags & 0x1) throw invalid(archive, `'${name}' is encrypted`);

    if (localOffset + 30 > view.byteLength || view.getUint32(localOffset, true) !== LOCAL_SIGNATURE) {
      throw invalid(archive, `the entry '${name}' is corrupt`);
    }
    const dataStart = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    if (data.byteLength !== compressedSize) throw invalid(archive, `the entry '${name}' is truncated`);
    if (method === 0) {
      files.push({ name, bytes: meter.stored(data, name) });
    } else if (method === 8) {
      files.push({ name, bytes: await meter.decode(() => inflateRaw(data, { maxOutputLength: meter.allowance() }), name) });
    } else {
      throw invalid(archive, `'${name}' uses compression method ${method} (only stored and deflate are supported)`);
    }
  }
  return files;
}

function findEndOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let offset = view.byteLength - 22; offset >= lowest; offset--) {
    if (view.getUint32(offset, true) === EOCD_SIGNATURE) return offset;
  }
  return -1;
}

// ---- tar (POSIX ustar, with pax "path" records and GNU long names) ----

const BLOCK = 512;

function readTar(archive: string, bytes: Uint8Array, meter: ExpansionMeter): ExtractedFile[] {
  const files: ExtractedFile[] = [];
  let offset = 0;
  let longName: string | null = null;
  while (offset + BLOCK <= bytes.byteLength) {
    const header = bytes.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break; // end-of-archive marker
    if (!validTarChecksum(header)) throw invalid(archive, "it is not a tar file (bad header checksum)");
    meter.countEntry();
    const size = readOctal(header.subarray(124, 136));
    if (size < 0) throw invalid(archive, "an entry has an unreadable size");
    const type = String.fromCharCode(header[156] || 0x30);
    const dataStart = offset + BLOCK;
    const data = bytes.subarray(dataStart, dataStart + size);
    if (data.byteLength !== size) throw invalid(archive, "it is truncated");
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;

    const ustar = readString(header.subarray(257, 263)).startsWith("ustar");
    const headerName = (ustar && header[345] ? `${readString(header.subarray(345, 500))}/` : "") + readString(header.subarray(0, 100));
    const name = (longName ?? headerName).replace(/^(\.\/)+/, "");
    if (type === "L" || type === "x") {
      longName = type === "L" ? readString(data) : paxPath(data);
      continue;
    }
    longName = null;
    if (type === "g" || type === "5" || name === "" || name.endsWith("/")) continue; // global headers, folders
    if (type === "2" || type === "1") throw invalid(archive, `'${name}' is a ${type === "2" ? "symbolic" : "hard"} link`);
    if (type !== "0" && type !== "7") throw invalid(archive, `'${name}' is not a regular file`);
    files.push({ name, bytes: meter.stored(data, name) });
  }
  return files;
}

function validTarChecksum(header: Uint8Array): boolean {
  const stored = readOctal(header.subarray(148, 156));
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return stored === sum;
}

function readString(field: Uint8Array): string {
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
}

function readOctal(field: Uint8Array): number {
  if (field[0] & 0x80) return -1; // base-256 sizes only appear for files far over our limits
  const text = readString(field).trim();
  if (text === "") return 0;
  return /^[0-7]+$/.test(text) ? Number.parseInt(text, 8) : -1;
}

/** The `path` record of a pax extended header ("<len> path=<value>\n" records). */
function paxPath(data: Uint8Array): string | null {
  const text = new TextDecoder().decode(data);
  for (const record of text.split("\n")) {
    const match = /^\d+ path=(.*)$/.exec(record);
    if (match) return match[1];
  }
  return null;
}

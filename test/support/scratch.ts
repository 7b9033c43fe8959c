/**
 * Where the tests' temporary folders go. Most test files start a PGlite database in a folder of
 * its own, and PGlite writes its files page by page: on a disk that is seconds of kernel time
 * per file (half the suite's system time on the 2-core CI machine), on a RAM file system almost
 * none. So when /dev/shm is a RAM file system with room to spare, the preload points TMPDIR
 * there, and everything that asks `os.tmpdir()` follows: test folders, the services the tests
 * start as their own processes, and the service's own text files. A TMPDIR set by whoever runs
 * the tests is kept. What the tests check does not change: a killed process leaves its writes in
 * the page cache, on a disk and in RAM alike.
 */
import { statfsSync } from "node:fs";

const RAM_FOLDER = "/dev/shm";
/** statfs(2)'s f_type of tmpfs. */
const TMPFS_MAGIC = 0x01021994;
/** The suite's peak use of temporary space is well under this; below it the disk is the safer place. */
const MIN_FREE_BYTES = 2 * 1024 ** 3;

/** /dev/shm when it is a tmpfs with at least 2 GiB free, else undefined. */
function ramFolder(): string | undefined {
  try {
    const stats = statfsSync(RAM_FOLDER);
    return stats.type === TMPFS_MAGIC && stats.bavail * stats.bsize >= MIN_FREE_BYTES ? RAM_FOLDER : undefined;
  } catch {
    return undefined;
  }
}

/** Points TMPDIR at RAM when it is not set and the machine has a RAM folder with room. */
export function useRamForScratch(): void {
  if (process.env.TMPDIR) return;
  const folder = ramFolder();
  if (folder) process.env.TMPDIR = folder;
}

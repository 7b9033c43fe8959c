/** Memory: the heap or another JVM area ran out, or the JVM could not get the memory it asked for. */
import { defineRule, type ShapeMatch } from "../define-rule.ts";
import { firstMatchInLog } from "../log-facts.ts";
import { isThirtyTwoBit, memoryLimit, type MemoryLimit } from "../runtime-facts.ts";
import { quote } from "../wording.ts";
import { jvm } from "./cue.ts";

type MemoryArea = "heap" | "metaspace" | "direct" | "threads";

/** Which area an OutOfMemoryError message is about. */
function areaOf(detail: string): MemoryArea {
  if (/Metaspace|Compressed class space/.test(detail)) return "metaspace";
  if (/[Dd]irect buffer memory/.test(detail)) return "direct";
  if (/native thread/.test(detail)) return "threads";
  return "heap";
}

/** Steps a heap is usually raised by; past the last one, more memory is rarely the answer. */
const HEAP_STEPS_GB = [4, 6, 8, 10, 12];

const raiseMemory = (given: MemoryLimit | null): string => {
  const now = given ? ` (now ${given.text})` : "";
  const next = HEAP_STEPS_GB.find((gb) => gb * 1024 > (given?.megabytes ?? 0) + 512) ?? null;
  const target = next === null ? "" : `: -Xmx${next}G${now}`;
  return `Give the game more memory${target}, in the launcher's JVM arguments or the server's start command; keep it below about two thirds of the computer's RAM.`;
};

const whoRanOut = (side: "client" | "server" | null | undefined) => (side === "server" ? "The server" : side === "client" ? "The game" : "Minecraft");
const given = (memory: MemoryLimit | null) => (memory ? ` with ${quote(memory.text)} given` : "");
const LEAK = "If it keeps running out with more memory, a mod or plugin is leaking it: update or remove the most recently added ones.";

interface OutOfMemory {
  area: MemoryArea;
  detail: string;
  memory: MemoryLimit | null;
  /** `-XX:MaxMetaspaceSize=200M` when the metaspace ran out under a limit set by hand. */
  metaspaceLimit: string | null;
  who: string;
}

const METASPACE_LIMIT = /-XX:MaxMetaspaceSize=\d{1,9}[kKmMgG]?/;

const NATIVE_ALLOCATION = /Native memory allocation \((?:mmap|malloc)\) failed to (?:map|allocate) \d{1,20} bytes/;

interface Reservation {
  /** The -Xmx value as written when the JVM rejected it. */
  setting: string | null;
  malformed: boolean;
  thirtyTwoBit: boolean;
  memory: MemoryLimit | null;
}

/** `4194304` KB -> `4G`; `1572864` KB -> `1536M`. */
function heapOfKilobytes(kilobytes: number): MemoryLimit {
  const megabytes = Math.round(kilobytes / 1024);
  return { text: megabytes % 1024 === 0 ? `${megabytes / 1024}G` : `${megabytes}M`, megabytes };
}

const reservation = ({ log }: ShapeMatch, setting: string | null): Reservation => ({
  setting,
  malformed: setting !== null && !/^-Xmx\d+[kKmMgGtT]?$/.test(setting),
  thirtyTwoBit: isThirtyTwoBit(log),
  memory: memoryLimit(log),
});

export const memoryRules = [
  defineRule<OutOfMemory>({
    ...jvm,
    code: "out-of-memory",
    category: "out-of-memory",
    summary: "Java ran out of heap, metaspace, direct buffer memory or threads (OutOfMemoryError).",
    shapes: [{
      anchor: /java\.lang\.OutOfMemoryError(?:: ([^\n]{1,200}))?/,
      hint: "java.lang.OutOfMemoryError",
      extract: ({ anchor, log }) => {
        const detail = anchor[1]?.trim() || "Java heap space";
        const area = areaOf(detail);
        const metaspaceLimit = area === "metaspace" ? (firstMatchInLog(log, METASPACE_LIMIT)?.[0] ?? null) : null;
        return { area, detail, memory: memoryLimit(log), metaspaceLimit, who: whoRanOut(log.side) };
      },
    }],
    message: ({ area, detail, memory, metaspaceLimit, who }) => {
      if (area === "threads") return `Java could not start another thread (${quote(detail)}): the system's process or memory limits are reached.`;
      if (metaspaceLimit) return `${who} ran out of memory for class data (${quote(detail)}) under the limit ${quote(metaspaceLimit)}.`;
      return `${who} ran out of memory (${quote(detail)})${given(memory)}.`;
    },
    solutions: ({ area, memory, metaspaceLimit }) => {
      switch (area) {
        case "metaspace":
          return metaspaceLimit
            ? [`Remove ${metaspaceLimit} from the JVM arguments (or raise it): the class data of the installed mods and plugins needs more room.`]
            : [raiseMemory(memory), "Remove -XX:CompressedClassSpaceSize from the JVM arguments if it is set."];
        case "direct":
          return [raiseMemory(memory), "Remove a small -XX:MaxDirectMemorySize from the JVM arguments: direct memory is limited to the heap size otherwise."];
        case "threads":
          return ["Raise the system's limit on processes and threads (ulimit -u on Linux) or give the game less memory so the system keeps some for threads.", LEAK];
        default:
          return [raiseMemory(memory), LEAK];
      }
    },
    key: ({ area }) => area,
  }),

  defineRule<Reservation>({
    ...jvm,
    code: "heap-reservation-failed",
    category: "out-of-memory",
    summary: "The JVM could not reserve the heap it was given: -Xmx too large for the machine or a 32-bit Java, or malformed.",
    shapes: [
      {
        anchor: /Could not reserve enough space for (?:(\d{1,12})KB )?object heap/,
        hint: "Could not reserve enough space",
        extract: (match) => {
          const found = reservation(match, null);
          // The JVM states the heap it wanted in KB: the best measure when no -Xmx is in the paste.
          return found.memory || !match.anchor[1] ? found : { ...found, memory: heapOfKilobytes(Number(match.anchor[1])) };
        },
      },
      { anchor: /Invalid maximum heap size: (\S{1,40})/, hint: "Invalid maximum heap size", extract: (match) => reservation(match, match.anchor[1]) },
    ],
    message: ({ setting, malformed, thirtyTwoBit, memory }) => {
      if (malformed) return `The memory setting ${quote(setting!)} is not valid, so Java did not start.`;
      const amount = setting ? quote(setting.slice(4)) : memory ? quote(memory.text) : "the memory";
      return thirtyTwoBit
        ? `Java could not reserve ${amount} of memory: this is a 32-bit Java, which cannot use more than about 1.5 GB.`
        : `Java could not reserve ${amount} of memory for the game: the computer does not have that much free.`;
    },
    solutions: ({ setting, malformed, thirtyTwoBit, memory }) => {
      if (malformed) return [`Write the memory as a number and one unit letter, for example -Xmx4G (now ${setting}).`];
      if (thirtyTwoBit) return ["Install a 64-bit Java and select it in the launcher or the start command.", "Until then, lower the memory to -Xmx1G."];
      const lower = memory && memory.megabytes >= 2048 ? `: for example -Xmx${Math.max(1, Math.floor(memory.megabytes / 2048))}G (now ${memory.text})` : "";
      return [`Give the game less memory${lower}.`, "Close other programs before starting, and install a 64-bit Java if this one is 32-bit."];
    },
    key: () => "",
  }),

  defineRule<{ detail: string | null; memory: MemoryLimit | null }>({
    ...jvm,
    code: "system-out-of-memory",
    category: "out-of-memory",
    summary: "The operating system had no memory left for the JVM (insufficient memory, native allocation failed).",
    shapes: [{
      // The JVM's crash file head; the line below says which allocation failed.
      anchor: /There is insufficient memory for the Java Runtime Environment to continue/,
      hint: "There is insufficient memory",
      extract: ({ log }) => ({ detail: firstMatchInLog(log, NATIVE_ALLOCATION)?.[0] ?? null, memory: memoryLimit(log) }),
    }],
    message: ({ detail, memory }) =>
      `The operating system had no memory left for Java${detail ? ` (${quote(detail)})` : ""}${memory ? `; the game was given ${quote(memory.text)}` : ""}.`,
    solutions: ({ memory }) => [
      `Close other programs, or give the game less memory${memory ? ` than now (-Xmx${memory.text.replace(" MB", "M")})` : ""}: Java needs room beyond its heap.`,
      "Let the system grow its page file or swap (Windows: system managed size).",
    ],
    key: () => "",
  }),
];

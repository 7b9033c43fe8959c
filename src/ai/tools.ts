/**
 * The agent's tools, scoped to the one log being explained: nothing reaches other logs, the
 * network or the disk. A tool that cannot do what was asked throws; the ai SDK hands the message
 * back to the model as the tool's result, so a bad call costs a round, never the stream. Every
 * call goes through the run's tool-call budget (tool-budget.ts), which may refuse it the same way.
 */
import { tool } from "ai";
import { z } from "zod";
import { lookupProblemCatalog } from "./problem-catalog.ts";
import { readLines, searchLines, toLogFileText, toolLimits, type LogFileText } from "./log-text.ts";
import type { ToolCallBudget } from "./tool-budget.ts";
import type { AiLog } from "./types.ts";

// Schemas are built once; only the closures over the log are per analysis.
const readFileInput = z.object({
  file: z.string().optional().describe("File name from list_files; default: the main log"),
  startLine: z.number().int().min(1).optional().describe("First line, 1-based; default 1"),
  endLine: z.number().int().min(1).optional().describe("Last line, inclusive"),
});

const searchLogInput = z.object({
  query: z.string().describe("The text or regular expression to look for"),
  regex: z.boolean().optional().describe("Treat query as a regular expression; default false"),
  caseSensitive: z.boolean().optional().describe("Default false"),
  context: z.number().int().min(0).max(toolLimits.searchMaxContext).optional().describe("Lines of context around each match; default 2"),
  file: z.string().optional().describe("Search only this file; default: all files"),
});

const listFilesInput = z.object({});

const lookupProblemInput = z.object({ query: z.string().describe("Words from the error message or a rule code") });

export function createLogTools(log: AiLog, budget: ToolCallBudget) {
  let texts: LogFileText[] | undefined;
  // Split lazily and once: many analyses never call a tool.
  const files = (): LogFileText[] => (texts ??= log.files.map((file) => toLogFileText(file.name, file.content)));

  const fileNamed = (name: string | undefined): LogFileText => {
    const all = files();
    if (name === undefined || name === "") return all[0];
    const file = all.find((candidate) => candidate.name === name);
    if (!file) throw new Error(`no file named ${JSON.stringify(name)}; the files are: ${all.map((f) => f.name).join(", ")}`);
    return file;
  };

  return {
    list_files: tool({
      description: "List the files of this log (the first is the main log) with their line counts and sizes.",
      inputSchema: listFilesInput,
      execute: () =>
        budget.run(() =>
          files()
            .map((file, index) => `${file.name}: ${file.lines.length} lines, ${file.bytes} bytes${index === 0 ? " (main log)" : ""}`)
            .join("\n"),
        ),
    }),

    read_file: tool({
      description:
        `Read numbered lines of one file of this log, at most ${toolLimits.readMaxLines} lines per call. ` +
        "Use it to see the context around a line the engine or a search pointed at.",
      inputSchema: readFileInput,
      execute: ({ file, startLine, endLine }) => budget.run(() => readLines(fileNamed(file), startLine ?? 1, endLine)),
    }),

    search_log: tool({
      description:
        "Search the log line by line for text or a regular expression (JavaScript syntax, matched per line) " +
        `and get the matching lines with their line numbers and context. At most ${toolLimits.searchMaxMatches} matches.`,
      inputSchema: searchLogInput,
      execute: ({ query, regex, caseSensitive, context, file }) =>
        budget.run(() =>
          searchLines(file ? [fileNamed(file)] : files(), {
            query,
            regex: regex ?? false,
            caseSensitive: caseSensitive ?? false,
            context: context ?? 2,
          }),
        ),
    }),

    lookup_problem: tool({
      description:
        "Look up a known error in the analysis engine's problem catalog, by words from the error message " +
        "(e.g. 'could not load plugin', 'port already in use'). Returns the matching rules.",
      inputSchema: lookupProblemInput,
      execute: ({ query }) =>
        budget.run(() => {
          const matches = lookupProblemCatalog(query);
          if (matches.length === 0) return `No catalog entry matches ${JSON.stringify(query)}.`;
          return matches.map((match) => `${match.code}: ${match.summary}`).join("\n");
        }),
    }),
  };
}

export type LogTools = ReturnType<typeof createLogTools>;

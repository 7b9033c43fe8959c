/**
 * Schemas of the analysis output (ENGINE.md section 1.8), for validation-free documentation:
 * the engine builds these values itself, the schemas describe them in the OpenAPI document.
 */
import { t } from "elysia";

export const LogLineSchema = t.Object({ number: t.Integer(), content: t.String() });

export const LogEntrySchema = t.Object({
  level: t.Integer({ description: "0 emergency ... 3 error, 4 warning, 6 info, 7 debug, 8 title, 9 comment, 10 stack trace" }),
  time: t.Union([t.Integer(), t.Null()], { description: "Unix seconds, when the log carries a date." }),
  prefix: t.Union([t.String(), t.Null()]),
  lines: t.Array(LogLineSchema),
});

const Solution = t.Object({ message: t.String() });

const Problem = t.Object({
  message: t.String(),
  counter: t.Integer(),
  entry: LogEntrySchema,
  solutions: t.Array(Solution),
  file: t.Optional(t.String({ description: "For a problem in an attached file: that file's name (line numbers are the file's)." })),
});

const Information = t.Object({
  message: t.String(),
  counter: t.Integer(),
  entry: LogEntrySchema,
  label: t.String(),
  value: t.String(),
});

export const InsightsResponse = t.Object(
  {
    id: t.String({ examples: ["paper/server"] }),
    name: t.Union([t.String(), t.Null()]),
    type: t.String({ examples: ["Server Log"] }),
    version: t.Union([t.String(), t.Null()]),
    title: t.String(),
    entries: t.Optional(t.Array(LogEntrySchema)),
    analysis: t.Object({ problems: t.Array(Problem), information: t.Array(Information) }),
  },
  { additionalProperties: true },
);

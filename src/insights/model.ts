/**
 * Schemas of the analysis output (docs/API.md, Analysis: The insights shape), for
 * validation-free documentation:
 * the engine builds these values itself, the schemas describe them in the OpenAPI document.
 */
import { t } from "elysia";
// Plain TypeBox integers: Elysia's t.Integer also accepts numeric strings and would be documented so.
import { Type } from "@sinclair/typebox";
import { PROBLEM_CATEGORIES } from "../analysis/model.ts";
import { LogEntrySchema } from "../logs/model.ts";

const Solution = t.Object({ message: t.String() });

// mclo.gs's fields first, in its order; ours after (docs/API.md: "Keys come in this order").
// Elysia writes an answer's keys in its schema's order, so this order is the one clients get.
const Problem = t.Object({
  message: t.String(),
  counter: Type.Integer(),
  entry: LogEntrySchema,
  solutions: t.Array(Solution),
  code: t.String({ description: "The rule that found the problem: our id, stable, e.g. `forge-mod-dependency`; new ones are added over time." }),
  // a string with an enum: documented as the closed list, checked by the engine's own type
  category: t.String({
    enum: [...PROBLEM_CATEGORIES],
    description: "The kind of cause, from a closed list (docs/API.md, Analysis: problem categories).",
  }),
  file: t.Optional(t.String({ description: "For a problem in an attached file: that file's name (line numbers are the file's)." })),
});

const Information = t.Object({
  message: t.String(),
  counter: Type.Integer(),
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
  { $id: "Insights", additionalProperties: true, description: "What the analysis engine found." },
);

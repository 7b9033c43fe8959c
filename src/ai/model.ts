/**
 * The AI stream's events as schemas (events.ts has their types, sse.ts their wire form), for the
 * OpenAPI document: the responses of GET /ai/{id} and POST /ai/analyse are `text/event-stream`,
 * described frame by frame so a client can type the payloads it parses.
 */
import { Type, type TSchema } from "@sinclair/typebox";
import type { DocumentDecoration } from "elysia";
import { ErrorBodySchema } from "../errors.ts";
import type { StatusType } from "./events.ts";

const statusTypes: Record<StatusType, string> = {
  started: "The analysis began (`cached`, `model`, `language`).",
  thinking: "A model round began (`round`).",
  tool: "The model called a tool (`id`, `name`, `input`).",
  tool_result: "A tool answered (`id`, `name`, `ok`, then `chars` or `error`).",
  limit: "The tool round limit was reached; the model answers with what it found (`rounds`, `message`).",
};

export const AiStatus = Type.Object(
  {
    type: Type.Union(
      (Object.keys(statusTypes) as StatusType[]).map((type) => Type.Literal(type)),
      { description: Object.entries(statusTypes).map(([type, meaning]) => `\`${type}\`: ${meaning}`).join(" ") },
    ),
  },
  {
    $id: "AiStatus",
    additionalProperties: true,
    description: "Progress of the analysis; further fields depend on `type`.",
    examples: [{ type: "started", cached: false, model: "gpt-4o-mini", language: "en" }],
  },
);

export const AiAnswerDelta = Type.Object(
  {
    choices: Type.Array(Type.Object({ delta: Type.Object({ content: Type.String({ description: "The next piece of the answer (markdown)." }) }) }), {
      minItems: 1,
      maxItems: 1,
    }),
  },
  { $id: "AiAnswerDelta", description: "A piece of the answer, in the shape of OpenAI's streamed chat deltas." },
);

export const AiDone = Type.Object(
  {
    status: Type.Literal("completed"),
    cached: Type.Boolean({ description: "True when a finished answer was replayed instead of asking the model." }),
    model: Type.Optional(Type.String()),
    rounds: Type.Optional(Type.Integer({ description: "Tool rounds used." })),
    limited: Type.Optional(Type.Boolean({ description: "True when the tool round limit was reached." })),
    finishReason: Type.Optional(Type.String()),
    usage: Type.Optional(
      Type.Object({ inputTokens: Type.Optional(Type.Integer()), outputTokens: Type.Optional(Type.Integer()) }),
    ),
  },
  {
    $id: "AiDone",
    additionalProperties: true,
    description: "The answer is complete; the stream ends.",
    examples: [{ status: "completed", cached: false, model: "gpt-4o-mini", rounds: 2, limited: false, finishReason: "stop", usage: { inputTokens: 5120, outputTokens: 410 } }],
  },
);

export const AiStreamError = Type.Object(
  { error: ErrorBodySchema.properties.error, code: ErrorBodySchema.properties.code },
  {
    $id: "AiStreamError",
    description: "The analysis failed after the stream began (`ai_unavailable`, `ai_timeout`, `shutting_down`); the stream ends.",
  },
);

/** One frame: its SSE `event:` field (none for answer text) and its `data:` line, parsed. */
const frame = (id: string, event: string | null, data: TSchema, description: string) =>
  Type.Object(
    { ...(event === null ? {} : { event: Type.Literal(event) }), data },
    { $id: id, description: `${description} Its \`data:\` line is JSON.` },
  );

/**
 * The body of an AI stream. There is no schema keyword for a stream of frames before OpenAPI
 * 3.2 (`itemSchema`), so this is that: the frames in order, each an object of its SSE fields.
 */
export const AiEventStream = Type.Array(
  Type.Union([
    frame("AiStatusFrame", "status", AiStatus, "`event: status`: progress while the model works."),
    frame("AiAnswerFrame", null, AiAnswerDelta, "A frame without `event:`: a piece of the answer."),
    frame("AiDoneFrame", "done", AiDone, "`event: done`: the last frame of a finished analysis."),
    frame("AiErrorFrame", "error", AiStreamError, "`event: error`: the last frame of a failed analysis."),
  ]),
  {
    $id: "AiEventStream",
    description:
      "Server-sent events (`text/event-stream`, UTF-8), one frame per item: `status` frames, unnamed answer frames, then exactly one `done` or `error` frame, after which the server closes the stream. `: ping` comment lines arrive while the model is quiet (every 15 s at most) and carry nothing. Allow a read timeout of at least 300 s.",
  },
);

export const AiStoredLogReference = Type.Object(
  { id: Type.String({ minLength: 1, description: "A stored log's id." }) },
  { $id: "AiStoredLogReference", additionalProperties: false, description: "Names a stored log instead of sending one: `id` and no other key." },
);

/** GET /ai/{id}'s parameters and both routes' 200, for the OpenAPI document. */
export const aiDocumentation: {
  language: NonNullable<DocumentDecoration["parameters"]>[number];
  stream: NonNullable<DocumentDecoration["responses"]>[string];
} = {
  language: {
    name: "lang",
    in: "query",
    required: false,
    schema: { type: "string", examples: ["de", "pt-BR"] } as object,
    description:
      "The answer's language (a BCP 47 tag, reduced to its language except pt-BR, pt-PT, zh-Hans, zh-Hant); else the best Accept-Language entry, else English. 400 when it is not a known language's tag.",
  },
  stream: {
    description: "The analysis as server-sent events; failures after this point are `error` frames.",
    headers: { "Cache-Control": { description: "`no-cache, no-transform`: proxies must pass frames on as they come.", schema: { type: "string" } } },
    // A TypeBox schema is a JSON Schema; openapi-types' SchemaObject is a narrower reading of one.
    content: { "text/event-stream": { schema: AiEventStream as object } },
  },
};

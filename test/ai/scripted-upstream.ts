/**
 * A scripted model provider for the tests: a real Bun.serve on port 0 that speaks the streaming
 * OpenAI chat-completions protocol (POST /chat/completions) or Anthropic's Messages API
 * (POST /messages) as SSE, replying to each call as the test's script says. It records every
 * call (body, headers) and notices when the caller hangs up, so tests can assert that an abort
 * reached the upstream. Tests synchronise on its promises, never on sleeps.
 */

export interface UpstreamCall {
  index: number;
  body: any;
  headers: Headers;
  /** Resolves when the client disconnected before the reply was complete. */
  aborted: Promise<void>;
  wasAborted: boolean;
}

export type Reply =
  | { status: number; body?: string }
  | {
      /** SSE frames sent at once. */
      frames: string[];
      /** When given, the reply pauses after `frames` until it resolves, then sends `rest`. */
      wait?: Promise<unknown>;
      rest?: string[];
      /** Keep the connection open after the last frame without finishing (a stalled upstream). */
      stall?: boolean;
    };

export type Script = (call: UpstreamCall) => Reply | Promise<Reply>;

export interface ScriptedUpstream {
  /** Base URL to use as AI_BASE_URL. */
  url: string;
  calls: UpstreamCall[];
  /** Resolves with the n-th call (0-based) once it has arrived. */
  call(index: number): Promise<UpstreamCall>;
  /** Replaces the script and forgets earlier calls, so one server can serve test after test. */
  reset(script: Script): void;
  stop(): void;
}

export function scriptedUpstream(protocol: "openai" | "anthropic", script: Script): ScriptedUpstream {
  const calls: UpstreamCall[] = [];
  const waiters = new Map<number, (call: UpstreamCall) => void>();
  let currentScript = script;
  const path = protocol === "openai" ? "/v1/chat/completions" : "/v1/messages";
  const encoder = new TextEncoder();

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== path) return new Response("not found", { status: 404 });

      let markAborted!: () => void;
      const call: UpstreamCall = {
        index: calls.length,
        body: await request.json(),
        headers: request.headers,
        aborted: new Promise<void>((resolve) => (markAborted = resolve)),
        wasAborted: false,
      };
      let finished = false;
      const onAbort = () => {
        if (finished || call.wasAborted) return;
        call.wasAborted = true;
        markAborted();
      };
      request.signal.addEventListener("abort", onAbort);
      calls.push(call);
      waiters.get(call.index)?.(call);

      const reply = await currentScript(call);
      if ("status" in reply) {
        finished = true;
        return new Response(reply.body ?? JSON.stringify({ error: { message: `scripted ${reply.status}` } }), {
          status: reply.status,
          headers: { "content-type": "application/json" },
        });
      }

      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          const send = (frames: string[]) => {
            for (const frame of frames) controller.enqueue(encoder.encode(frame));
          };
          try {
            send(reply.frames);
            if (reply.wait) {
              await Promise.race([reply.wait, call.aborted]);
              if (call.wasAborted) return;
              send(reply.rest ?? []);
            }
            if (reply.stall) {
              await call.aborted;
              return;
            }
            finished = true;
            controller.close();
          } catch {
            onAbort();
          }
        },
        cancel() {
          onAbort();
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    calls,
    call(index) {
      if (calls[index]) return Promise.resolve(calls[index]);
      return new Promise((resolve) => waiters.set(index, resolve));
    },
    reset(script) {
      currentScript = script;
      calls.length = 0;
      waiters.clear();
    },
    stop() {
      server.stop(true);
    },
  };
}

// ---- OpenAI chat-completions stream frames ----

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

function chunk(delta: Record<string, unknown>, finishReason: string | null = null) {
  return sse({
    id: "chatcmpl-scripted",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "scripted-model",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
}

const usageFrame = sse({
  id: "chatcmpl-scripted",
  object: "chat.completion.chunk",
  created: 1_700_000_000,
  model: "scripted-model",
  choices: [],
  usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
});

export const openai = {
  /** The opening chunk (role only); useful as the first frame of a reply that then pauses. */
  start: () => chunk({ role: "assistant", content: "" }),
  text: (piece: string) => chunk({ content: piece }),
  /** A full text answer streamed in the given pieces. */
  answer(pieces: string[]): string[] {
    return [openai.start(), ...pieces.map(openai.text), openai.finish("stop")];
  },
  finish: (reason: "stop" | "tool_calls" | "length"): string => chunk({}, reason) + usageFrame + "data: [DONE]\n\n",
  /**
   * Tool calls with their JSON arguments split across several chunks, as real servers send them:
   * the first chunk carries id and name, later ones only argument fragments.
   */
  toolCalls(calls: { id: string; name: string; args: unknown }[], pieces = 3): string[] {
    const frames = [chunk({ role: "assistant", content: null })];
    calls.forEach((call, index) => {
      const json = JSON.stringify(call.args);
      frames.push(chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }));
      const size = Math.ceil(json.length / pieces);
      for (let at = 0; at < json.length; at += size) {
        frames.push(chunk({ tool_calls: [{ index, function: { arguments: json.slice(at, at + size) } }] }));
      }
    });
    frames.push(openai.finish("tool_calls"));
    return frames;
  },
};

// ---- Anthropic Messages API stream frames ----

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

const messageStart = () =>
  event("message_start", {
    type: "message_start",
    message: {
      id: "msg_scripted",
      type: "message",
      role: "assistant",
      model: "scripted-model",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 1 },
    },
  });

const messageEnd = (stopReason: "end_turn" | "tool_use") =>
  event("message_delta", { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 20 } }) +
  event("message_stop", { type: "message_stop" });

export const anthropic = {
  answer(pieces: string[]): string[] {
    return [
      messageStart(),
      event("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
      ...pieces.map((text) => event("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } })),
      event("content_block_stop", { type: "content_block_stop", index: 0 }),
      messageEnd("end_turn"),
    ];
  },
  toolCalls(calls: { id: string; name: string; args: unknown }[], pieces = 3): string[] {
    const frames = [messageStart()];
    calls.forEach((call, index) => {
      const json = JSON.stringify(call.args);
      frames.push(
        event("content_block_start", { type: "content_block_start", index, content_block: { type: "tool_use", id: call.id, name: call.name, input: {} } }),
      );
      const size = Math.ceil(json.length / pieces);
      for (let at = 0; at < json.length; at += size) {
        frames.push(
          event("content_block_delta", { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: json.slice(at, at + size) } }),
        );
      }
      frames.push(event("content_block_stop", { type: "content_block_stop", index }));
    });
    frames.push(messageEnd("tool_use"));
    return frames;
  },
};

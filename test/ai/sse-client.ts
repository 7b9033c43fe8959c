/**
 * A small SSE reader for the tests: splits a response body into frames
 * ({event, data} for events, {comment} for `: ping` lines), either all at once or one by one.
 */

export interface SseFrame {
  event?: string;
  data?: any;
  comment?: string;
}

export function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) frame.comment = line.slice(1).trim();
    else if (line.startsWith("event:")) frame.event = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
  }
  if (data.length > 0) {
    const raw = data.join("\n");
    // Our frames are JSON; an upstream's closing "[DONE]" is not.
    frame.data = raw === "[DONE]" ? raw : JSON.parse(raw);
  }
  return frame;
}

export class SseReader {
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  private decoder = new TextDecoder();
  private buffer = "";

  constructor(response: Response) {
    this.reader = response.body!.getReader();
  }

  /** The next frame, or null at the end of the stream. */
  async next(): Promise<SseFrame | null> {
    for (;;) {
      const end = this.buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        return parseFrame(block);
      }
      const { value, done } = await this.reader.read();
      if (done) return null;
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  /** Frames until one matches, inclusive. */
  async until(match: (frame: SseFrame) => boolean): Promise<SseFrame[]> {
    const frames: SseFrame[] = [];
    for (;;) {
      const frame = await this.next();
      if (!frame) throw new Error(`stream ended before the expected frame; got ${JSON.stringify(frames)}`);
      frames.push(frame);
      if (match(frame)) return frames;
    }
  }

  /** The remaining frames; `: ping` comments are left out unless asked for. */
  async rest(options: { comments?: boolean } = {}): Promise<SseFrame[]> {
    const frames: SseFrame[] = [];
    for (let frame = await this.next(); frame; frame = await this.next()) {
      if (frame.comment === undefined || options.comments) frames.push(frame);
    }
    return frames;
  }

  cancel(): Promise<void> {
    return this.reader.cancel();
  }
}

/** Every event frame of a response, without `: ping` comments. */
export async function readAllFrames(response: Response): Promise<SseFrame[]> {
  return new SseReader(response).rest();
}

/** The answer text carried by the unnamed delta frames. */
export function answerText(frames: SseFrame[]): string {
  return frames
    .filter((frame) => frame.event === undefined && frame.data?.choices)
    .map((frame) => frame.data.choices[0].delta.content)
    .join("");
}

export const statuses = (frames: SseFrame[]) => frames.filter((f) => f.event === "status").map((f) => f.data);

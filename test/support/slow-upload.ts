/**
 * A slow client over a raw socket: POSTs a text/plain upload in small pieces at a steady pace
 * (or stops and hangs up), and returns what the server answered, if anything.
 */
export interface SlowUploadPlan {
  /** Content-Length sent. */
  declared: number;
  chunkEveryMs: number;
  /** Pieces to send; together they may be less than `declared` (a body that never completes). */
  chunks: number;
  /** Characters per piece (default 1). */
  chunkBytes?: number;
  /** Close the socket after the last piece instead of waiting for an answer. */
  hangUp?: boolean;
}

export async function slowUpload(base: string, plan: SlowUploadPlan): Promise<{ status: number; body: string; elapsedMs: number }> {
  const { hostname, port } = new URL(base);
  const started = Date.now();
  let received = "";
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setInterval>;
    const finish = () => {
      clearInterval(timer);
      const [head, ...rest] = received.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0);
      resolve({ status, body: rest.join("\r\n\r\n"), elapsedMs: Date.now() - started });
    };
    Bun.connect({
      hostname,
      port: Number(port),
      socket: {
        open(socket) {
          socket.write(`POST /v1/log HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: text/plain\r\nContent-Length: ${plan.declared}\r\nConnection: close\r\n\r\n`);
          let sent = 0;
          timer = setInterval(() => {
            if (sent++ >= plan.chunks) {
              clearInterval(timer);
              if (plan.hangUp) socket.end();
              return;
            }
            socket.write("x".repeat(plan.chunkBytes ?? 1));
          }, plan.chunkEveryMs);
        },
        data(socket, chunk) {
          received += chunk.toString();
          // Content-Length is always set on our JSON answers; stop once the body is complete.
          const length = Number(/content-length: (\d+)/i.exec(received)?.[1] ?? Number.NaN);
          const bodyStart = received.indexOf("\r\n\r\n");
          if (bodyStart !== -1 && received.length - bodyStart - 4 >= length) {
            socket.end();
            finish();
          }
        },
        close: finish,
        error: reject,
      },
    }).catch(reject);
  });
}

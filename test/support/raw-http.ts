/**
 * HTTP/1.1 written by hand over a raw socket, for what fetch will not send: a Host of our
 * choosing, malformed headers, pipelined requests. Resolves with everything the server wrote
 * once it closes the connection (or after `waitMs`).
 */
export async function rawExchange(base: string, requestText: string, waitMs = 10_000): Promise<string> {
  const { hostname, port } = new URL(base);
  let received = "";
  await new Promise<void>((resolve, reject) => {
    Bun.connect({
      hostname,
      port: Number(port),
      socket: {
        open: (socket) => void socket.write(requestText),
        data: (_socket, chunk) => void (received += chunk.toString()),
        close: () => resolve(),
        error: reject,
      },
    }).catch(reject);
    setTimeout(resolve, waitMs);
  });
  return received;
}

/** The status and body of the first response in what a server wrote. */
export function firstResponse(received: string): { status: number; body: string } {
  const [head, ...rest] = received.split("\r\n\r\n");
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), body: rest.join("\r\n\r\n") };
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server received. */
export interface ReceivedRequest {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Record<string, unknown>;
}

/** A running loopback server (port 0: the system picks a free port). */
export interface LoopbackServer {
  readonly origin: string;
  readonly requests: readonly ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 that hands each request (its JSON body parsed) to `respond`,
 * which writes the response. No network beyond the loopback interface.
 */
export async function startLoopbackServer(respond: (request: ReceivedRequest, response: ServerResponse) => void): Promise<LoopbackServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = { path: incoming.url ?? '', headers: incoming.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> };
      requests.push(request);
      respond(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
      }),
  };
}

/** Writes `events` as a `text/event-stream` body, one `data:` line each, then ends. */
export function writeEventStream(response: ServerResponse, events: readonly { event?: string; data: unknown }[]): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const { event, data } of events) {
    response.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  }
  response.end();
}

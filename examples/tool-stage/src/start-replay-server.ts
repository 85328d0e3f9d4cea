import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** What the provider sent: the request's headers and its JSON body. */
export interface ReplayedRequest {
  readonly headers: IncomingMessage['headers'];
  readonly body: unknown;
}

/** A running replay server: the `baseURL` to give the provider, what it was sent, and `close`. */
export interface ReplayServer {
  readonly baseURL: string;
  readonly requests: readonly ReplayedRequest[];
  close(): Promise<void>;
}

/**
 * A loopback OpenAI-compatible server: every `POST …/chat/completions` is answered with the
 * recorded Server-Sent Events body in `recording`, one event at a time, as a model streams it.
 */
export async function startReplayServer(recording: URL): Promise<ReplayServer> {
  const events = (await readFile(recording, 'utf8')).split(/(?<=\n\n)/);
  const requests: ReplayedRequest[] = [];
  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    requests.push({ headers: request.headers, body: JSON.parse(body) });
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of events) {
      response.write(event);
      await delay(15); // so that the text visibly streams
    }
    response.end();
  };
  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}

import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** One recorded response: the Server-Sent Events body in `recording`, sent to one request. */
export interface ReplayExchange {
  /** The file holding the recorded event stream. */
  readonly recording: URL;
  /** The request path below the key; default `/v1/chat/completions`. */
  readonly path?: string;
  /** Only a request whose body contains this text gets this response. */
  readonly when?: string;
}

/** What a provider sent on one route: the request's headers and its JSON body. */
export interface ReplayedRequest {
  readonly headers: IncomingMessage['headers'];
  readonly body: unknown;
}

/** A running replay server. */
export interface ReplayServer {
  /**
   * Gives `key` its own responses, each sent once, in order, to a `POST /<key><path>` whose body
   * matches; returns the base URL to give the provider (`http://127.0.0.1:<port>/<key>/v1`).
   */
  route(key: string, exchanges: readonly ReplayExchange[]): Promise<string>;
  /** What was sent on `key`'s routes, answered or not. */
  requests(key: string): readonly ReplayedRequest[];
  close(): Promise<void>;
}

interface Route {
  readonly pending: { readonly path: string; readonly when: string | undefined; readonly events: readonly string[] }[];
  readonly requests: ReplayedRequest[];
}

const KEY = /^[a-z0-9-]{1,64}$/;

/**
 * A loopback server answering like a model API (OpenAI-compatible by default) with recorded
 * event streams. Each response belongs to one key (the first path segment) and one path, and is sent
 * once: a late or extra request gets a 404 naming its key and path, never another key's
 * response. The events go out one at a time, `eventDelayMs` apart, as a model streams them.
 */
export async function startReplayServer(options: { readonly eventDelayMs?: number } = {}): Promise<ReplayServer> {
  const eventDelayMs = options.eventDelayMs ?? 10;
  const routes = new Map<string, Route>();
  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const [, key = '', path = ''] = /^\/([^/]+)(\/.*)$/.exec(request.url ?? '') ?? [];
    const route = routes.get(key);
    route?.requests.push({ headers: request.headers, body: JSON.parse(body || 'null') as unknown });
    const index = request.method === 'POST' ? (route?.pending.findIndex((exchange) => exchange.path === path && (exchange.when === undefined || body.includes(exchange.when))) ?? -1) : -1;
    const exchange = index < 0 ? undefined : route?.pending.splice(index, 1)[0];
    if (exchange === undefined) {
      const message = `replay: no recorded response left for ${request.method ?? '?'} ${path || request.url} on key "${key}"`;
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of exchange.events) {
      response.write(event);
      if (eventDelayMs > 0) await delay(eventDelayMs);
    }
    response.end();
  };
  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref(); // an example that fails before `close` still exits
  const { port } = server.address() as AddressInfo;
  return {
    async route(key, exchanges) {
      const pending = await Promise.all(
        exchanges.map(async (exchange) => ({
          path: exchange.path ?? '/v1/chat/completions',
          when: exchange.when,
          events: (await readFile(exchange.recording, 'utf8')).split(/(?<=\n\n)/),
        })),
      );
      if (!KEY.test(key) || routes.has(key)) throw new Error(`replay: key "${key}" is taken or not [a-z0-9-]{1,64}`);
      routes.set(key, { pending, requests: [] });
      return `http://127.0.0.1:${port}/${key}/v1`;
    },
    requests: (key) => routes.get(key)?.requests ?? [],
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}

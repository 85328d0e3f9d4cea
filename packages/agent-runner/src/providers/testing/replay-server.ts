import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Longest time a `hang` response keeps the connection open before giving up (no test may hang). */
export const HANG_LIMIT_MS = 5_000;

/** One scripted response of the replay server. */
export interface ReplayResponse {
  readonly status?: number;
  /** The reason phrase after the status (Node's default for the status when absent). */
  readonly statusText?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Body pieces, written one by one (each may split an event or a UTF-8 character). */
  readonly pieces?: readonly (string | Uint8Array)[];
  /** After the pieces: end the body (default), reset the connection, or hang until the client closes. */
  readonly then?: 'end' | 'reset' | 'hang';
}

/** One request the replay server received. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The body parsed as JSON (`undefined` when it is not JSON). */
  readonly body: unknown;
  /**
   * Resolves when the exchange is over: `by-client` when the client closed the connection before
   * the response ended (an abort), `completed` otherwise.
   */
  readonly closed: Promise<'by-client' | 'completed'>;
}

/** A loopback HTTP server that answers each request with the next scripted response. */
export interface ReplayServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Every request received since the last `reset`. */
  readonly requests: readonly RecordedRequest[];
  /** Queues responses, served in order; a request with none queued gets HTTP 418. */
  enqueue(...responses: readonly ReplayResponse[]): void;
  /**
   * Forgets queued responses and recorded requests. A request that arrived before the reset and
   * whose body ends after it is answered HTTP 418 and not recorded: it never takes a response
   * queued after the reset.
   */
  reset(): void;
  /** Closes the server and every open connection. */
  close(): Promise<void>;
}

const resetByServer = new WeakSet<ServerResponse>();

/** Starts a {@link ReplayServer} on 127.0.0.1 on a free port. */
export async function startReplayServer(): Promise<ReplayServer> {
  const queue: ReplayResponse[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let generation = 0;
  const server: Server = createServer((request, response) => {
    const arrivedIn = generation;
    const chunks: Buffer[] = [];
    let markClosed: (how: 'by-client' | 'completed') => void = () => undefined;
    const closed = new Promise<'by-client' | 'completed'>((resolve) => {
      markClosed = resolve;
    });
    response.on('close', () => {
      markClosed(response.writableFinished || resetByServer.has(response) ? 'completed' : 'by-client');
    });
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (arrivedIn !== generation) {
        response.writeHead(418, { 'content-type': 'text/plain' }).end('replay server: a request from before the reset');
        return;
      }
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body, closed });
      const next = queue.shift();
      if (next === undefined) {
        response.writeHead(418, { 'content-type': 'text/plain' }).end('replay server: no scripted response');
        return;
      }
      void respond(response, next, closed);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.requestTimeout = HANG_LIMIT_MS * 2;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    enqueue: (...responses) => queue.push(...responses),
    reset: () => {
      generation += 1;
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => { resolve(); });
      }),
  };
}

async function respond(response: ServerResponse, script: ReplayResponse, closed: Promise<unknown>): Promise<void> {
  const headers = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...script.headers };
  if (script.statusText === undefined) response.writeHead(script.status ?? 200, headers);
  else response.writeHead(script.status ?? 200, script.statusText, headers);
  response.flushHeaders();
  for (const piece of script.pieces ?? []) {
    if (response.destroyed) return;
    response.write(piece);
    await new Promise((resolve) => setImmediate(resolve));
  }
  switch (script.then ?? 'end') {
    case 'end':
      response.end();
      return;
    case 'reset':
      await new Promise((resolve) => setTimeout(resolve, 20));
      resetByServer.add(response);
      response.socket?.resetAndDestroy();
      return;
    case 'hang': {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, HANG_LIMIT_MS)))]);
      clearTimeout(timer);
      response.end();
      return;
    }
  }
}

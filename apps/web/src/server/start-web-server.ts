import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import type { WebRunEvent } from '../shared/web-run-event.js';
import { createWebProvider } from './create-web-provider.js';
import { runSupportTurn } from './run-support-turn.js';
import { serveStaticFile } from './serve-static-file.js';
import { SUPPORT_TICKET } from './support-ticket.js';
import type { WebModelChoice } from './web-model-choice.js';

/** The app's folder, where `vite.config.ts` and `index.html` are. */
export const WEB_APP_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The scripted stream's pause per chunk: slow enough to watch the bubbles grow. */
export const DEFAULT_CHUNK_DELAY_MS = 25;

/** Options of {@link startWebServer}. */
export interface WebServerOptions {
  readonly choice: WebModelChoice;
  /** Where the page comes from: the built files of `vite build`, or Vite's dev server (in middleware mode, with hot reload). */
  readonly page: { readonly kind: 'static'; readonly directory: string } | { readonly kind: 'vite' };
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /** Default 0: any free port. */
  readonly port?: number;
  /** Pause of the scripted stream before each chunk; default {@link DEFAULT_CHUNK_DELAY_MS}. */
  readonly chunkDelayMs?: number;
}

/** A running server. */
export interface WebServer {
  /** `http://host:port/` */
  readonly url: string;
  /** Stops accepting, ends open streams (their runs are aborted) and closes Vite's dev server if any. */
  close(): Promise<void>;
}

/**
 * Starts the page's server (plain `node:http`): `GET /api/run` runs one support turn and streams
 * its events as Server-Sent Events (`?inject-failure=1` breaks the scripted reply stream
 * mid-way); every other path is the page.
 */
export async function startWebServer({ choice, page, host = '127.0.0.1', port = 0, chunkDelayMs = DEFAULT_CHUNK_DELAY_MS }: WebServerOptions): Promise<WebServer> {
  const streams = new Set<ServerResponse>();
  let vite: ViteDevServer | undefined;
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://page');
    if (pathname === '/api/run') {
      streams.add(response);
      response.on('close', () => streams.delete(response));
      void streamRun(request, response, choice, chunkDelayMs);
    } else if (vite !== undefined) {
      vite.middlewares(request, response);
    } else if (page.kind === 'static') {
      serveStaticFile(page.directory, request, response).catch((error: unknown) => {
        console.error('agent-web: serving a file failed', error);
        response.destroy();
      });
    }
  });
  if (page.kind === 'vite') {
    // Vite's dev server inside this one: its hot reload rides on this server's port.
    const { createServer: createViteServer } = await import('vite');
    vite = await createViteServer({ root: WEB_APP_ROOT, configFile: join(WEB_APP_ROOT, 'vite.config.ts'), server: { middlewareMode: true, ws: { server } }, appType: 'spa' });
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/`,
    close: async () => {
      for (const stream of streams) stream.destroy();
      await new Promise<void>((resolve) => server.close(() => { resolve(); }));
      await vite?.close();
    },
  };
}

/** One run as an event stream; the run is aborted when the page goes away. */
async function streamRun(request: IncomingMessage, response: ServerResponse, choice: WebModelChoice, chunkDelayMs: number): Promise<void> {
  const injectFailure = new URL(request.url ?? '/', 'http://page').searchParams.has('inject-failure');
  const controller = new AbortController();
  response.on('close', () => { controller.abort(); });
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  const emit = (event: WebRunEvent): void => {
    if (!response.writableEnded) response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  const created = createWebProvider(choice, { injectFailure, chunkDelayMs });
  try {
    if ('refused' in created) {
      emit({ type: 'failure', code: 'CONFIG_INVALID', message: created.refused });
      emit({ type: 'end' });
    } else {
      const traceId = `ticket-${SUPPORT_TICKET.id}-${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${randomBytes(2).toString('hex')}`;
      await runSupportTurn({ provider: created.provider, providerLabel: created.label, traceId, injectFailure, emit, signal: controller.signal });
    }
  } catch (error) {
    // The page went away (ABORTED), or a bug: the page was told (`failure`) when it still listens.
    if (!controller.signal.aborted) console.error('agent-web: a run failed', error);
  } finally {
    response.end();
  }
}

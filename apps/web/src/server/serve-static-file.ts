import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * Answers a GET or HEAD for a file of the built page in `directory` (`/` is `index.html`); 404 for
 * anything else, including a path that would leave the directory.
 */
export async function serveStaticFile(directory: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const pathname = new URL(request.url ?? '/', 'http://page').pathname;
  let relative: string;
  try {
    relative = normalize(decodeURIComponent(pathname === '/' ? '/index.html' : pathname));
  } catch {
    relative = '';
  }
  const file = join(directory, relative);
  const inside = relative !== '' && file.startsWith(directory.endsWith(sep) ? directory : directory + sep);
  const found = inside && (request.method === 'GET' || request.method === 'HEAD') ? await stat(file).catch(() => undefined) : undefined;
  if (found?.isFile() !== true) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
    return;
  }
  response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': found.size, 'cache-control': 'no-cache' });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file).pipe(response);
}

import { join } from 'node:path';
import { startWebServer, WEB_APP_ROOT } from './start-web-server.js';
import { readWebModelChoice } from './web-model-choice.js';

// `pnpm dev` (Vite's dev server inside, hot reload) or `pnpm start` (the page built into dist/).
const dev = process.argv.includes('--dev');
const read = readWebModelChoice(process.env);
if ('refused' in read) {
  console.error(`agent-web: ${read.refused}`);
  process.exit(2);
}
const port = Number(process.env.PORT ?? 5173);
const server = await startWebServer({
  choice: read.choice,
  page: dev ? { kind: 'vite' } : { kind: 'static', directory: join(WEB_APP_ROOT, 'dist') },
  host: process.env.HOST ?? '127.0.0.1',
  port,
});
console.log(`agent-web: ${server.url} (model: ${read.choice.provider}${'model' in read.choice ? ` ${read.choice.model}` : ''}; Ctrl+C stops)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}

/**
 * Runs the browser bundle in Debian's headless Chromium and prints the program's JSON:
 * `node --import tsx src/drivers/run-in-chromium.ts <program.js>`. The page
 * (`http://matrix.test/`, served from memory by Playwright's routing; every other request is
 * refused) imports the bundle as an ES module and writes the result into `#result`. Exits 1 with
 * the error on stderr when the module fails to load or the program throws; gives up (and closes
 * the browser) after {@link DRIVER_DEADLINE_MS}.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DRIVER_DEADLINE_MS } from '../matrix/matrix-limits.js';

const bundlePath = process.argv[2];
if (bundlePath === undefined) throw new Error('usage: run-in-chromium.ts <browser bundle>');

const ORIGIN = 'http://matrix.test';
const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>runtime matrix</title>
<pre id="result"></pre>
<script type="module">
  const result = document.getElementById('result');
  import('./program.js').then((program) => program.runProgram()).then(
    (value) => { result.textContent = JSON.stringify(value); result.dataset.state = 'done'; },
    (error) => { result.textContent = String((error && error.stack) || error); result.dataset.state = 'failed'; },
  );
</script>
`;

const bundle = await readFile(bundlePath, 'utf8');
const userDataDir = await mkdtemp(join(tmpdir(), 'agent-runtimes-chromium-'));
const deadline = setTimeout(() => {
  console.error(`chromium: no result within ${DRIVER_DEADLINE_MS} ms`);
  process.exit(2);
}, DRIVER_DEADLINE_MS);
try {
  // A persistent context is how Playwright takes a user data directory of our choosing: a fresh one per run.
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS], timeout: DRIVER_DEADLINE_MS });
  try {
    await context.route('**/*', (route) => route.abort());
    await context.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/') return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: PAGE });
      if (path === '/program.js') return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: bundle });
      return route.fulfill({ status: 404, body: 'not found' });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => {
      console.error(`chromium: page error: ${error.stack ?? error.message}`);
    });
    page.on('console', (message) => {
      console.error(`chromium: console.${message.type()}: ${message.text()}`);
    });
    await page.goto(`${ORIGIN}/`, { timeout: DRIVER_DEADLINE_MS });
    const result = page.locator('#result[data-state]');
    await result.waitFor({ timeout: DRIVER_DEADLINE_MS });
    const text = (await result.textContent()) ?? '';
    if ((await result.getAttribute('data-state')) === 'done') console.log(text);
    else {
      console.error(`chromium: ${text}`);
      process.exitCode = 1;
    }
  } finally {
    await context.close();
  }
} catch (error) {
  console.error(`chromium: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await rm(userDataDir, { recursive: true, force: true });
}

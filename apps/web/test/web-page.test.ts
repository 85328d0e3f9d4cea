import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPTED_REPLY } from '../src/server/scripted-support-model.js';
import { startWebServer, WEB_APP_ROOT, type WebServer } from '../src/server/start-web-server.js';
import { growsInto } from './support/grows-into.js';
import { CHROMIUM_PATH, launchChromium } from './support/launch-chromium.js';

const FULL_REPLY = [SCRIPTED_REPLY.answer, ...SCRIPTED_REPLY.bubbles];
const ARTIFACTS = join(WEB_APP_ROOT, 'artifacts');
/** Playwright's wait for one DOM state; generous, as the machine may be busy (no test relies on speed). */
const WAIT_MS = 300_000;

const inCI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const chromiumMissing = !existsSync(CHROMIUM_PATH);
if (chromiumMissing && !inCI) {
  console.warn(`apps/web: the browser tests are SKIPPED: ${CHROMIUM_PATH} is missing (install Debian's chromium: apt-get install -y chromium). In CI they fail instead.`);
}

/**
 * Installed before the page's own script: a MutationObserver that logs every distinct state of
 * the bubbles (their texts, in order) as the DOM shows it, one entry per change the page made.
 */
function logBubbleStates(): void {
  const states: string[][] = [];
  (window as unknown as { bubbleStates: string[][] }).bubbleStates = states;
  new MutationObserver(() => {
    const list = document.getElementById('bubbles');
    if (list === null) return;
    const state = Array.from(list.children, (item) => item.textContent ?? '');
    if (JSON.stringify(states.at(-1)) !== JSON.stringify(state)) states.push(state);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

async function runAndWait(page: Page, button: '#run' | '#run-failing'): Promise<string[][]> {
  await page.goto(server.url);
  await page.click(button);
  await page.waitForSelector('#status[data-state="done"], #status[data-state="failed"]', { timeout: WAIT_MS });
  expect(await page.textContent('#status')).toBe('Done.');
  // The states since the page loaded, without the empty list the page starts with.
  const states = await page.evaluate(() => (window as unknown as { bubbleStates: string[][] }).bubbleStates);
  return states.slice(states.findIndex((state) => state.length > 0));
}

async function bubbleTexts(page: Page): Promise<string[]> {
  return page.$$eval('#bubbles .bubble', (items) => items.map((item) => item.textContent ?? ''));
}

/** Every citation links to a record listed on the page, carrying the evidence id it cites; returns how many there are. */
async function checkCitations(page: Page): Promise<number> {
  const citations = await page.$$eval('#report a.citation', (links) =>
    links.map((link) => {
      const href = link.getAttribute('href') ?? '';
      const target = href.startsWith('#') ? document.getElementById(href.slice(1)) : null;
      return { href, cited: (link as HTMLElement).dataset.evidenceId, target: target === null ? null : { inTrace: target.closest('#trace') !== null, evidenceId: target.dataset.evidenceId } };
    }),
  );
  for (const citation of citations) {
    expect(citation.target, `citation ${citation.href}`).toEqual({ inTrace: true, evidenceId: citation.cited });
  }
  expect(await page.$$('#report .citation.unresolved')).toHaveLength(0);
  // Following a citation lands on its record.
  const first = citations[0]!;
  await page.click(`#report a.citation[href="${first.href}"]`);
  expect(await page.evaluate(() => document.querySelector(':target')?.id)).toBe(first.href.slice(1));
  return citations.length;
}

let server: WebServer;
let browser: { context: BrowserContext; close: () => Promise<void> } | undefined;
let pageDirectory: string;

describe.skipIf(chromiumMissing && !inCI)('the page in Debian Chromium', () => {
  beforeAll(async () => {
    if (chromiumMissing) throw new Error(`${CHROMIUM_PATH} is missing: CI must install Debian's chromium (.ci/run does, with apt-get)`);
    pageDirectory = await mkdtemp(join(tmpdir(), 'agent-web-page-'));
    await build({ root: WEB_APP_ROOT, configFile: join(WEB_APP_ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: pageDirectory, emptyOutDir: true } });
    server = await startWebServer({ choice: { provider: 'scripted' }, page: { kind: 'static', directory: pageDirectory } });
    browser = await launchChromium();
    await browser.context.addInitScript(logBubbleStates);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (pageDirectory !== undefined) await rm(pageDirectory, { recursive: true, force: true });
  });

  it('grows the bubbles in order, ends on the full reply, and links every citation of the report to its trace record', async () => {
    const page = await browser!.context.newPage();
    const states = await runAndWait(page, '#run');

    // Several intermediate states, each grown out of the one before, ending on the full reply.
    expect(states.at(-1)).toEqual(FULL_REPLY);
    for (let index = 1; index < states.length; index++) expect(growsInto(states[index - 1]!, states[index]!), `state ${index}`).toBe(true);
    for (let count = 1; count <= FULL_REPLY.length; count++) expect(states.some((state) => state.length === count), `a state of ${count} bubble(s)`).toBe(true);
    const partialAnswers = states.filter((state) => state.length === 1 && state[0] !== SCRIPTED_REPLY.answer);
    expect(partialAnswers.length).toBeGreaterThanOrEqual(2);

    expect(await bubbleTexts(page)).toEqual(FULL_REPLY);
    expect(await page.textContent('#bubbles')).not.toContain(SCRIPTED_REPLY.internalNote);
    expect(await page.getAttribute('#preview-note', 'data-state')).toBe('sent');
    expect(await page.textContent('#report .summary')).toContain('was answered from App facts');
    expect(await checkCitations(page)).toBeGreaterThanOrEqual(3);

    await mkdir(ARTIFACTS, { recursive: true });
    await page.evaluate(() => { window.scrollTo(0, 0); });
    await page.screenshot({ path: join(ARTIFACTS, 'preview.png'), fullPage: true });
    await page.close();
  });

  it('withdraws the bubbles when the stream fails mid-way, and the report cites the failed call', async () => {
    const page = await browser!.context.newPage();
    const states = await runAndWait(page, '#run-failing');

    // It grew as before, then everything was withdrawn at once.
    expect(states.at(-1)).toEqual([]);
    const shown = states.slice(0, -1);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    for (let index = 1; index < shown.length; index++) expect(growsInto(shown[index - 1]!, shown[index]!), `state ${index}`).toBe(true);
    const lastShown = shown.at(-1)!;
    expect(growsInto(lastShown, FULL_REPLY)).toBe(true);
    expect(lastShown).not.toEqual(FULL_REPLY);
    expect(lastShown.length).toBeGreaterThanOrEqual(2);

    expect(await bubbleTexts(page)).toEqual([]);
    expect(await page.getAttribute('#preview-note', 'data-state')).toBe('withdrawn');
    expect(await page.textContent('#preview-note')).toContain('PROVIDER_FAILED');
    expect(await page.textContent('#report .summary')).toContain('was not answered');
    const failedCall = await page.$$eval('#report a.citation', (links) => links.map((link) => link.textContent ?? ''));
    expect(failedCall.some((text) => text.includes('model.end'))).toBe(true);
    expect(await checkCitations(page)).toBeGreaterThanOrEqual(3);

    await page.screenshot({ path: join(ARTIFACTS, 'preview-withdrawn.png'), fullPage: true });
    await page.close();
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebRunEvent } from '../src/shared/web-run-event.js';
import { SCRIPTED_REPLY } from '../src/server/scripted-support-model.js';
import { startWebServer, type WebServer } from '../src/server/start-web-server.js';
import { growsInto } from './support/grows-into.js';
import { readRunEvents } from './support/read-run-events.js';

const FULL_REPLY = [SCRIPTED_REPLY.answer, ...SCRIPTED_REPLY.bubbles];

let directory: string;
let server: WebServer;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'agent-web-static-'));
  await writeFile(join(directory, 'index.html'), '<!doctype html><title>page</title>');
  // The default pause per chunk: each chunk reaches the preview in its own task, as on the page.
  server = await startWebServer({ choice: { provider: 'scripted' }, page: { kind: 'static', directory } });
});

afterAll(async () => {
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

function ofType<T extends WebRunEvent['type']>(events: readonly WebRunEvent[], type: T): Extract<WebRunEvent, { type: T }>[] {
  return events.filter((event): event is Extract<WebRunEvent, { type: T }> => event.type === type);
}

describe('GET /api/run', () => {
  it('streams the run in order: the growing bubbles, the decision, the trace and the sourced report', async () => {
    const { text, events } = await readRunEvents(`${server.url}api/run`);
    const order = events.map((event) => event.type).filter((type, index, all) => type !== all[index - 1]);
    expect(order).toEqual(['run', 'bubbles', 'stage', 'decision', 'trace', 'report', 'end']);
    const states = ofType(events, 'bubbles').map((event) => event.bubbles);
    expect(states.at(-1)).toEqual(FULL_REPLY);
    for (let index = 1; index < states.length; index++) expect(growsInto(states[index - 1]!, states[index]!)).toBe(true);
    // Only the preview's bubbles cross the wire: never the raw arguments, nor the internal note.
    expect(text).not.toContain(SCRIPTED_REPLY.internalNote);
    expect(text).not.toContain('"kind"');

    const [decision] = ofType(events, 'decision');
    expect(decision).toMatchObject({ outcome: 'sent' });
    const [trace] = ofType(events, 'trace');
    const [report] = ofType(events, 'report');
    expect(trace!.records.map((view) => view.record.type)).toEqual(['flow.start', 'ticket.opened', 'context.assembled', 'flow.start', 'model.start', 'model.end', 'reply.sent']);
    const traced = new Set(trace!.records.map((view) => view.evidenceId));
    expect(report!.report.stoppedBy).toBe('report');
    expect(report!.report.findings.length).toBeGreaterThanOrEqual(3);
    for (const finding of report!.report.findings) for (const id of finding.evidenceIds) expect(traced.has(id), id).toBe(true);
  });

  it('withdraws the bubbles with [] when the injected failure breaks the stream, and reports the failed call', async () => {
    const { events } = await readRunEvents(`${server.url}api/run?inject-failure=1`);
    expect(events[0]).toMatchObject({ type: 'run', injectFailure: true });
    const states = ofType(events, 'bubbles').map((event) => event.bubbles);
    expect(states.at(-1)).toEqual([]);
    expect(states.length).toBeGreaterThan(2);
    expect(growsInto(states.at(-2)!, FULL_REPLY)).toBe(true);
    expect(ofType(events, 'stage')).toEqual([{ type: 'stage', ok: false, code: 'PROVIDER_FAILED', message: 'the scripted stream was cut mid-way (a failure injected on purpose)' }]);
    expect(ofType(events, 'decision')).toMatchObject([{ outcome: 'handoff' }]);
    const [trace] = ofType(events, 'trace');
    expect(trace!.records.map((view) => view.record.type)).toContain('reply.failed');
    const failedEnd = trace!.records.find((view) => view.record.type === 'model.end')!;
    expect(failedEnd.record.data).toMatchObject({ ok: false, code: 'PROVIDER_FAILED' });
    const [report] = ofType(events, 'report');
    expect(report!.report.findings.some((finding) => finding.evidenceIds.includes(failedEnd.evidenceId))).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'end' });
  });
});

describe('the page files', () => {
  it('serves the built page, and nothing outside its directory', async () => {
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>page</title>');
    for (const path of ['missing.js', '..%2Fpackage.json', '%2e%2e/%2e%2e/package.json', '%E0%A4%A']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
    }
  });
});

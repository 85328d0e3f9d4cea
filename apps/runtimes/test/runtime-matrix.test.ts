import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundles, type Bundles } from '../src/matrix/build-bundles.js';
import { missingRuntime, runRuntime, runtimeName, type RuntimeId } from '../src/matrix/runtimes.js';
import { RUNTIMES_DIRECTORY } from '../src/matrix/runtimes-directory.js';

const inCI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const OTHER_RUNTIMES: readonly RuntimeId[] = ['bun', 'deno', 'workerd', 'chromium'];

let bundles: Bundles;
let reference: string;

beforeAll(async () => {
  const umbrella = join(RUNTIMES_DIRECTORY, '../../packages/agent-core/dist/index.js');
  if (!existsSync(umbrella)) throw new Error(`${umbrella} is missing: the matrix runs the built packages; run \`pnpm build\` first (turbo's test task builds them: pnpm turbo run test --filter=@jangts/agent-runtimes)`);
  bundles = await buildBundles();
  // The server bundle leaves the library external: it must build whatever the library imports.
  if (!bundles.server.ok) throw new Error(bundles.server.error);
  const node = await runRuntime('node', bundles);
  if (!node.ok) throw new Error(`Node, the reference, failed (${node.stage}):\n${node.error}`);
  reference = node.output;
});

describe('Node 20, the reference', () => {
  it('prints every section of the program as the library documents it', () => {
    const result = JSON.parse(reference);
    // The seed page's example: the sink sees the text grow, the value is the whole text.
    expect(result.preview).toEqual({
      ok: true,
      bubbles: [['你好'], ['你好,Core']],
      value: '你好,Core',
      result: { value: '你好,Core', text: '你好,Core', proposals: [], finishReason: 'stop', warnings: [] },
    });
    // The TypeBox schema reaches the provider as plain JSON Schema, the proposal carries the parsed
    // arguments, and arguments failing the schema are OUTPUT_INVALID naming each issue.
    expect(result.toolStage).toMatchObject({
      ok: true,
      result: { value: [{ callId: 'call_1_1', toolId: 'place_order', args: { orderId: 'ord_42', quantity: 2, note: '二つ' } }], text: 'Placing it. ', finishReason: 'tool-calls' },
      sentParameters: {
        type: 'object',
        required: ['orderId', 'quantity'],
        properties: { orderId: { type: 'string', pattern: '^ord_[0-9]+$' }, quantity: { type: 'integer', minimum: 1 }, note: { type: 'string', maxLength: 40 } },
        additionalProperties: false,
      },
      refused: {
        agentCoreError: true,
        code: 'OUTPUT_INVALID',
        details: { reason: 'schema', toolId: 'place_order', issues: [{ path: '/orderId' }, { path: '/quantity' }] },
      },
    });
    expect(result.toolStage.events.at(0)).toEqual({ type: 'stage-start', stageId: 'order', mode: 'tools', toolIds: ['place_order'] });
    // The recorded gpt-4o stream, replayed in 7-byte pieces: one call, the usage, a preview of its arguments as they grow.
    expect(result.openAICompatible).toMatchObject({
      ok: true,
      result: {
        value: [{ callId: 'call_CTf1nWJLqSeRgDqaCG27xZ74', toolId: 'get_weather', args: { city: 'San Francisco', state: 'CA' } }],
        finishReason: 'tool-calls',
        usage: { inputTokens: 48, outputTokens: 19 },
      },
      bubbles: [['San'], ['San Francisco'], ['San Francisco', 'CA']],
      sent: [{ url: 'https://models.example.test/v1/chat/completions', method: 'POST', redirect: 'manual', body: { model: 'gpt-4o-2024-08-06', stream: true } }],
    });
    // The reflection reads two pages from the in-memory reader and cites both records it read.
    expect(result.reflection).toMatchObject({
      ok: true,
      report: { stoppedBy: 'report', findings: [{ evidenceIds: ['order-7:2', 'order-7:3'] }], coverage: { calls: 3, pages: 2, events: 2, complete: true } },
      reads: [{ limit: 1 }, { cursor: '1', limit: 5 }],
      modelCalls: 3,
      refused: { agentCoreError: true, code: 'UNAUTHORIZED' },
    });
    expect(result.context).toMatchObject({
      ok: true,
      assembled: { messages: [{ role: 'system', fragmentIds: ['policy'] }, { role: 'user', fragmentIds: ['profile', 'question'] }] },
      conversation: { historyUsage: [{ trust: 'user' }, { trust: 'model', callIds: ['call-1'] }, { trust: 'tool', callIds: ['call-1'] }] },
      trustViolation: { agentCoreError: true, code: 'TRUST_VIOLATION' },
      orphanResult: { agentCoreError: true, code: 'PLAN_VIOLATION' },
      overBudget: { agentCoreError: true, code: 'INPUT_BUDGET' },
    });
  });
});

describe.each(OTHER_RUNTIMES)('%s', (id) => {
  const missing = missingRuntime(id);
  if (missing !== undefined && !inCI) console.warn(`apps/runtimes: ${runtimeName(id)} is SKIPPED: ${missing}. In CI it fails instead.`);

  it.skipIf(missing !== undefined && !inCI)(`${runtimeName(id)} prints exactly what Node prints`, async () => {
    const outcome = await runRuntime(id, bundles);
    if (!outcome.ok) throw new Error(`${runtimeName(id)} failed (${outcome.stage}):\n${outcome.error}`);
    // Parsed first, so a difference shows as a readable diff; then the printed text itself.
    expect(JSON.parse(outcome.output)).toEqual(JSON.parse(reference));
    expect(outcome.output).toBe(reference);
  });
});

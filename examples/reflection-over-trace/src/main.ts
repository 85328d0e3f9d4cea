// Reflection over a trace: a model reads an App's own trace and reports, citing what it read. See README.md.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentCoreError, ModelRunner, type OperationContext } from '@jangts/agent-core';
import { defineReflection, defineReflectionLogSource } from '@jangts/agent-core/kits/reflection';
import { createScriptedProvider } from '@jangts/agent-core/providers/scripted';
import { createFileLogStore } from '@jangts/agent-core/trace/file';

// 1. The App traces its own work: one JSONL file per trace, in a directory it owns.
const directory = await mkdtemp(join(tmpdir(), 'reflection-example-'));
const store = createFileLogStore({ directory });
const order = store.open('order-7', 'checkout');
order.record('cart.priced', { items: 2, totalCents: 4_800 });
const payment = order.child('payment');
payment.record('payment.attempt', { provider: 'card', attempt: 1 });
payment.record('payment.failed', { provider: 'card', status: 503, retryAfterSeconds: 30 });
order.record('order.abandoned', { reason: 'payment' });
await store.flush();

// 2. The trace as a reflection source: one run only, behind the App's own check.
const source = defineReflectionLogSource({
  reader: store.reader,
  traceId: 'order-7',
  id: 'order-history',
  authorize: (context: OperationContext<{ role: string }>) => {
    if (context.app.role !== 'support') throw new Error('only support may read order traces');
  },
});

// 3. A scripted model, so that the run is deterministic: it reads the failures, then reports,
// citing the id of the record it read (an id it did not read would be refused).
const query = { toolCalls: [{ toolId: 'query_evidence', args: { types: ['payment.failed', 'order.abandoned'], limit: 20 } }] };
const model = createScriptedProvider([
  query,
  (request) => {
    const last = request.messages.at(-1);
    const page = JSON.parse(last?.role === 'tool' ? last.content : '{"items":[]}') as { items: { id: string; type: string }[] };
    const cite = (type: string): string[] => page.items.filter((item) => item.type === type).map((item) => item.id);
    const findings = [
      { claim: 'The card provider answered 503 to the payment', evidenceIds: cite('payment.failed') },
      { claim: 'The customer abandoned the order because of it', evidenceIds: cite('order.abandoned') },
    ];
    return { toolCalls: [{ toolId: 'submit_report', args: { summary: 'Order 7 was not paid: the card provider was unavailable.', findings } }] };
  },
  query, // the second run's first call
]);

const reflection = defineReflection({
  model: new ModelRunner({ provider: model, timeoutMs: 60_000 }),
  source,
  authorize: (question) => {
    if (question.length > 500) throw new Error('question too long');
  },
  maxCalls: 4, // model calls, the report's included
  reserveCalls: 1, // kept for the report
  maxPages: 4,
  maxEvents: 100,
  maxEvidenceChars: 8_000,
});

try {
  const question = 'Why was order 7 not paid?';
  console.log(`question: ${question}`);
  const report = await reflection.run(question, { app: { role: 'support' }, signal: AbortSignal.timeout(60_000) });
  console.log(`stopped by: ${report.stoppedBy}\nsummary: ${report.summary}`);
  // Every claim cites evidence the model read; the report carries that evidence (a record's own
  // data under `data.data`).
  for (const finding of report.findings) {
    console.log(`- ${finding.claim}`);
    for (const item of report.evidence.filter((evidence) => finding.evidenceIds.includes(evidence.id))) {
      console.log(`    cites ${item.id}: ${item.type} ${JSON.stringify((item.data as { data?: unknown }).data)}`);
    }
  }
  const { calls, pages, events, complete } = report.coverage;
  console.log(`coverage: ${calls} model calls, ${pages} page, ${events} records read, complete: ${complete}`);

  // Another role: the source's check refuses the first read, and the reflection ends fail-closed.
  await reflection.run(question, { app: { role: 'guest' }, signal: AbortSignal.timeout(60_000) }).catch((error: unknown) => {
    if (!AgentCoreError.isInstance(error)) throw error;
    console.log(`as a guest: ${error.code}: ${error.message}`);
  });
} finally {
  await store.close();
  await rm(directory, { recursive: true, force: true });
}

// Context with a compaction plan: the App compacts, the library audits what it did. See README.md.
import { AgentCoreError, ModelRunner, assembleContextPlan, type ContextFragment } from '@jangts/agent-core';
import { assembleConversation, type HistoryMessage } from '@jangts/agent-core/context';
import { connectModel } from '@jangts/example-connect-model';

// 1. The context as the App gathered it, each fragment declaring its source, trust and size.
const originalFragments: ContextFragment[] = [
  { id: 'policy', sourceId: 'app', trust: 'app', lifetime: 'static', maxChars: 200, role: 'system', value: 'You are the shop’s support agent. Be brief.' },
  { id: 'account', sourceId: 'crm', trust: 'tool', lifetime: 'session', maxChars: 200, role: 'user', value: { customer: 'c-19', plan: 'pro' } },
  { id: 'notes', sourceId: 'crm', trust: 'tool', lifetime: 'session', maxChars: 2_000, role: 'user', value: 'Support notes: 2024-04-02 asked about invoices; 2024-04-20 changed the card; 2024-05-01 order 7 failed at payment, card provider down (503).' },
  { id: 'search', sourceId: 'status-page', trust: 'tool', lifetime: 'call', maxChars: 2_000, role: 'user', value: { hits: ['12:03 card provider degraded', '12:40 card provider recovered'] } },
];

// 2. The App's own compaction (the library ships none): shorten the notes, drop the search.
const fragments = originalFragments
  .filter((fragment) => fragment.id !== 'search')
  .map((fragment) => (fragment.id === 'notes' ? { ...fragment, value: 'Order 7 failed at payment: card provider down (503), since recovered.' } : fragment));
const mutableFragmentIds = ['notes', 'search']; // what the App allows its compaction to touch

// The audit: only the mutable fragments changed, none grew, nothing was invented or reordered.
const plan = assembleContextPlan({ fragments, originalFragments, mutableFragmentIds, maxInputChars: 1_000 });
console.log(`context: ${plan.audit.originalChars} → ${plan.audit.inputChars} chars; changed ${plan.audit.changed.join(', ')}; dropped ${plan.audit.dropped.join(', ')}`);

// A compaction that rewrites what it may not touch is refused.
try {
  const rewritten = fragments.map((fragment) => (fragment.id === 'policy' ? { ...fragment, value: 'Refund everything.' } : fragment));
  assembleContextPlan({ fragments: rewritten, originalFragments, mutableFragmentIds, maxInputChars: 1_000 });
} catch (error) {
  if (!AgentCoreError.isInstance(error)) throw error;
  console.log(`rewritten policy refused: ${error.code}: ${error.message}`);
}

// 3. The history after the context: an earlier exchange with a tool call and its large result.
const originalHistory: HistoryMessage[] = [
  { role: 'user', content: 'Why did order 7 fail?' },
  { role: 'assistant', content: '', toolCalls: [{ callId: 'call-1', toolId: 'lookupOrder', args: { order: 7 } }] },
  { role: 'tool', callId: 'call-1', content: JSON.stringify({ order: 7, status: 'payment-failed', attempts: [{ at: '12:05', status: 503 }], items: ['mug', 'tea'] }) },
  { role: 'assistant', content: 'The card provider was down when you paid.' },
  { role: 'user', content: 'Can I retry now?' },
];
// The compaction drops the tool exchange, the call and its result together (a result without
// its call, or a call without its result, is a PLAN_VIOLATION).
const history = originalHistory.filter((message) => message.role !== 'tool' && !(message.role === 'assistant' && message.toolCalls));
const conversation = assembleConversation({ fragments, history, originalHistory, maxInputChars: 1_000, maxToolResultChars: 2_000 });
console.log(`history: kept ${conversation.audit?.kept.join(', ')}; dropped ${conversation.audit?.dropped.join(', ')} (calls ${conversation.audit?.droppedCallIds.join(', ')}); input ${conversation.inputChars} chars`);

// 4. The compacted conversation is the model's input.
const model = await connectModel({ replay: [{ recording: new URL('replayed/reply.sse', import.meta.url) }], recorded: 'a response in the format of gpt-4o' });
console.log(`model: ${model.name}`);
try {
  const runner = new ModelRunner({ provider: model.provider, timeoutMs: 60_000, maxOutputChars: 4_000 });
  const result = await runner.invoke({ input: conversation, stageId: 'answer' });
  console.log(`reply: ${result.text}`);
} finally {
  await model.close();
}

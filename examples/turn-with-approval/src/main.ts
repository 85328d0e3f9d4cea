// The turn loop with approval: the model proposes, the App decides, the App's tools run. See README.md.
import { AgentCoreError, ModelRunner, type ContextFragment, type OperationContext } from '@jangts/agent-core';
import { defineTurn, type TurnState } from '@jangts/agent-core/kits/turn';
import { createScriptedProvider } from '@jangts/agent-core/providers/scripted';
import Type from 'typebox';

interface Deployments {
  readonly live: Map<string, number>;
}

// A scripted model, so that the run is deterministic: it looks the releases up, proposes a
// rollback, then replies to what the rollback returned.
const provider = createScriptedProvider([
  { toolCalls: [{ toolId: 'listReleases', args: { service: 'checkout' }, callId: 'call-1' }] },
  { text: 'Version 42 is failing; I propose rolling back to 41.', toolCalls: [{ toolId: 'rollback', args: { service: 'checkout', version: 41 }, callId: 'call-2' }] },
  (request) => {
    const last = request.messages.at(-1);
    return last?.role === 'tool' && last.content.startsWith('{"rolledBack"') ? 'Rolled checkout back to version 41.' : 'I did not roll back: checkout stays on version 42.';
  },
]);

const turn = defineTurn({
  model: new ModelRunner({ provider, timeoutMs: 60_000 }),
  tools: [
    {
      spec: { id: 'listReleases', description: 'The live and previous releases of a service', parameters: Type.Object({ service: Type.String() }) },
      // `args` is typed by the schema ({ service: string }); the App's type comes from the annotation.
      execute: (args, context: OperationContext<Deployments>) => ({ service: args.service, live: context.app.live.get(args.service), previous: [41, 40] }),
      approval: 'auto', // reading is harmless: the policy decides
    },
    {
      spec: { id: 'rollback', description: 'Roll a service back to a release', parameters: Type.Object({ service: Type.String(), version: Type.Integer({ minimum: 1 }) }) },
      execute: (args, context) => {
        context.app.live.set(args.service, args.version);
        return { rolledBack: args.service, to: args.version };
      },
      approval: 'required', // a person decides, on resume
    },
  ],
  maxSteps: 6,
  maxToolCalls: 4,
  maxInputChars: 20_000,
  maxToolResultChars: 2_000,
});

const fragments: ContextFragment[] = [
  { id: 'policy', sourceId: 'app', trust: 'app', lifetime: 'static', maxChars: 500, role: 'system', value: 'You operate the shop. Rollbacks need a person to approve them.' },
  { id: 'request', sourceId: 'chat', trust: 'user', lifetime: 'turn', maxChars: 500, role: 'user', value: 'Checkout errors since the last deploy. Fix it.' },
];
const context = { app: { live: new Map([['checkout', 42]]) }, signal: AbortSignal.timeout(60_000) };

// 1. Run until the model proposes a call that needs approval.
const first = await turn.run({ fragments, context });
if (first.status !== 'awaiting-approval') throw new Error(`expected a call to approve, got ${first.status}`);
console.log(`turn: ${first.status} after ${first.budget.steps} steps`);
for (const proposal of first.proposals) console.log(`  awaiting approval: ${proposal.callId} ${proposal.toolId} ${JSON.stringify(proposal.args)}`);

// 2. The state is plain JSON: keep it server-side and resume it once, maybe in another process.
const stored = JSON.stringify(first.state);

// A state whose arguments were edited after the proposal is refused, and nothing runs.
const edited = JSON.parse(stored.replaceAll('"version":41', '"version":1')) as TurnState;
try {
  await turn.resume(edited, { decisions: [{ callId: 'call-2', approve: true }], context });
} catch (error) {
  if (!AgentCoreError.isInstance(error)) throw error;
  console.log(`edited state refused: ${error.code}: ${error.message}`);
}

// 3. The App's decision (a person's, in a real App): it approves exactly the recorded arguments.
const approve = !process.argv.includes('--deny');
console.log(`decision: ${approve ? 'approve' : 'deny'} call-2${approve ? ' (run with --deny to deny it)' : ''}`);
const next = await turn.resume(JSON.parse(stored) as TurnState, { decisions: [{ callId: 'call-2', approve }], context });
if (next.status !== 'done') throw new Error(`expected a reply, got ${next.status}`);

// 4. The reply, and what became of every call.
console.log(`turn: ${next.status}\nreply: ${next.text}`);
for (const call of next.steps.flatMap((step) => step.calls)) console.log(`  ${call.toolId}: ${call.status}, decided by ${call.decidedBy ?? 'nobody'}`);
console.log(`checkout is live on version ${context.app.live.get('checkout') ?? '?'}`);
console.log(`budget: ${next.budget.steps}/${next.budget.maxSteps} steps, ${next.budget.toolCalls}/${next.budget.maxToolCalls} tool calls`);

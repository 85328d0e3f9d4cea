// The turn loop with approval: the model proposes, the App decides, the App's tools run. See README.md.
import { AgentCoreError, ModelRunner, type ContextFragment, type OperationContext } from '@jangts/agent-core';
import { defineTurn, type TurnState } from '@jangts/agent-core/kits/turn';
import { connectModel } from '@jangts/example-connect-model';
import Type from 'typebox';

interface Deployments {
  readonly live: Map<string, number>;
}

// A real model with a key, else a loopback replay of the four responses in src/replayed (the
// last one picked by what the rollback returned).
const replayed = (name: string): URL => new URL(`replayed/${name}.sse`, import.meta.url);
const model = await connectModel({
  replay: [
    { recording: replayed('1-list-releases') },
    { recording: replayed('2-propose-rollback') },
    { recording: replayed('3-reply-rolled-back'), when: 'rolledBack' },
    { recording: replayed('3-reply-denied'), when: 'denied by the App' },
  ],
  recorded: 'four responses in the format of gpt-4o',
});
console.log(`model: ${model.name}`);

const turn = defineTurn({
  model: new ModelRunner({ provider: model.provider, timeoutMs: 60_000 }),
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
console.log(`turn: ${first.status} after ${first.budget.steps} steps`);
let result = first;
if (first.status === 'awaiting-approval') {
  for (const proposal of first.proposals) console.log(`  awaiting approval: ${proposal.callId} ${proposal.toolId} ${JSON.stringify(proposal.args)}`);

  // 2. The state is plain JSON: keep it server-side and resume it once, maybe in another process.
  const stored = JSON.stringify(first.state);

  // A state whose arguments were edited after the proposal is refused, and nothing runs.
  const edited = JSON.parse(stored) as TurnState;
  edited.calls = edited.calls.map((call) => ({ ...call, args: { service: 'checkout', version: 1 } }));
  try {
    await turn.resume(edited, { decisions: first.proposals.map((proposal) => ({ callId: proposal.callId, approve: true })), context });
  } catch (error) {
    if (!AgentCoreError.isInstance(error)) throw error;
    console.log(`edited state refused: ${error.code}: ${error.message}`);
  }

  // 3. The App's decision (a person's, in a real App): it approves exactly the recorded arguments.
  const approve = !process.argv.includes('--deny');
  console.log(`decision: ${approve ? 'approve' : 'deny'}${approve ? ' (run with --deny to deny)' : ''}`);
  const decisions = first.proposals.map((proposal) => ({ callId: proposal.callId, approve }));
  result = await turn.resume(JSON.parse(stored) as TurnState, { decisions, context });
}
await model.close();

// 4. The reply, and what became of every call.
if (result.status !== 'done') throw new Error(`expected a reply, got ${result.status}`);
console.log(`turn: ${result.status}\nreply: ${result.text}`);
for (const call of result.steps.flatMap((step) => step.calls)) console.log(`  ${call.toolId}: ${call.status}, decided by ${call.decidedBy ?? 'nobody'}`);
console.log(`checkout is live on version ${context.app.live.get('checkout') ?? '?'}`);
console.log(`budget: ${result.budget.steps}/${result.budget.maxSteps} steps, ${result.budget.toolCalls}/${result.budget.maxToolCalls} tool calls`);

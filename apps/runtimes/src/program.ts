/**
 * The one program of the runtime matrix. It uses the library only through the umbrella's public
 * entry points, as an App would, and returns plain JSON that must be the same on every runtime:
 * nothing in it depends on the clock, a random id or the engine (ids are set here or recorded,
 * log times are fixed, failures are described by code, field and the library's own message).
 *
 * Each section runs on its own, so one that fails on a runtime shows as `{ ok: false, error }`
 * without hiding the others. A module that cannot load (a bundle that does not build, an import
 * that throws) fails the whole program instead: there is nothing to run.
 */
import { AgentCoreError, ModelRunner, Support, assembleFragments, type ContextFragment, type LogPage, type LogReadRequest, type LogRecord, type ModelRunResult } from '@jangts/agent-core';
import { assembleConversation, type HistoryMessage } from '@jangts/agent-core/context';
import { defineReflection, defineReflectionLogSource, type ReflectionLogReader } from '@jangts/agent-core/kits/reflection';
import { createOpenAICompatibleProvider } from '@jangts/agent-core/providers/openai-compatible';
import { createScriptedProvider } from '@jangts/agent-core/providers/scripted';
import Type from 'typebox';
import recordedStream from './__fixtures__/chat-tool-call-strict-gpt-4o.sse';

/** What one section returned, or how it failed. */
export type SectionResult = ({ readonly ok: true } & Record<string, unknown>) | { readonly ok: false; readonly error: ErrorDescription };

/** The program's result: one entry per section, in a fixed order. */
export interface ProgramResult {
  readonly preview: SectionResult;
  readonly toolStage: SectionResult;
  readonly openAICompatible: SectionResult;
  readonly reflection: SectionResult;
  readonly context: SectionResult;
}

/** A thrown value as JSON: for an `AgentCoreError` its code, message and details; for anything else what the engine says (a mismatch anyway). */
export interface ErrorDescription {
  readonly agentCoreError: boolean;
  readonly name: string;
  readonly code?: string;
  readonly message: string;
  readonly details?: unknown;
  readonly stack?: string;
  readonly cause?: ErrorDescription;
}

/** Runs every section, one after another, and returns their results. */
export async function runProgram(): Promise<ProgramResult> {
  return {
    preview: await section(previewSeedExample),
    toolStage: await section(toolStageWithTypeBox),
    openAICompatible: await section(openAICompatibleReplay),
    reflection: await section(reflectionOverLogReader),
    context: await section(contextAssembly),
  };
}

async function section(run: () => Promise<Record<string, unknown>>): Promise<SectionResult> {
  try {
    return { ok: true, ...(await run()) };
  } catch (error) {
    return { ok: false, error: describeError(error) };
  }
}

/** (1) The seed page's example, as written, with the sink recording what it is handed instead of printing it. */
async function previewSeedExample(): Promise<Record<string, unknown>> {
  const bubbles: string[][] = [];
  const preview = Support.createReplyPreview({
    rules: [{ stageId: 'reply' }],
    sink: (shown) => {
      bubbles.push([...shown]);
    },
  });
  const runner = new ModelRunner({
    provider: {
      async *stream() {
        yield '你好';
        yield ',Core';
      },
    },
    sink: { output: preview },
  });
  const result = await runner.invoke({ input: '你好', stageId: 'reply' });
  return { bubbles, value: result.value, result: describeResult(result) };
}

/** (2) A tool stage whose parameters are a TypeBox schema: the proposal, what the provider was sent, and arguments failing the schema. */
async function toolStageWithTypeBox(): Promise<Record<string, unknown>> {
  const placeOrder = {
    id: 'place_order',
    description: 'Place an order for a product',
    parameters: Type.Object(
      { orderId: Type.String({ pattern: '^ord_[0-9]+$' }), quantity: Type.Integer({ minimum: 1 }), note: Type.Optional(Type.String({ maxLength: 40 })) },
      { additionalProperties: false },
    ),
  };
  const provider = createScriptedProvider([
    { text: 'Placing it. ', toolCalls: [{ toolId: 'place_order', args: { orderId: 'ord_42', quantity: 2, note: '二つ' } }], chunkSize: 5 },
    { toolCalls: [{ toolId: 'place_order', args: { orderId: 'order 42', quantity: 0 } }] },
  ]);
  const events: unknown[] = [];
  const runner = new ModelRunner({ provider, sink: { output: { write: (event) => void events.push(event) } }, timeoutMs: 600_000, maxOutputChars: 10_000 });
  const result = await runner.invoke({ input: 'Two of ord_42, please', stageId: 'order', tools: [placeOrder] });
  const refused = await runner.invoke({ input: 'And another', stageId: 'order', tools: [placeOrder] }).then(
    () => 'resolved',
    (error: unknown) => describeError(error),
  );
  return { result: describeResult(result), sentParameters: provider.requests[0]?.tools[0]?.parameters, events, refused };
}

/** (3) The OpenAI-compatible provider over an in-memory `fetch` replaying a recorded stream in 7-byte pieces, with a preview of the call's arguments. */
async function openAICompatibleReplay(): Promise<Record<string, unknown>> {
  const sent: unknown[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = [...new Headers(init?.headers).entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    sent.push({ url, method: init?.method, redirect: init?.redirect, headers, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null });
    const bytes = new TextEncoder().encode(recordedStream);
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) {
          controller.close();
          return;
        }
        controller.enqueue(bytes.slice(offset, offset + 7));
        offset += 7;
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  const provider = createOpenAICompatibleProvider({ baseURL: 'https://models.example.test/v1', model: 'gpt-4o-2024-08-06', apiKey: 'sk-matrix-test', fetch });
  const getWeather = {
    id: 'get_weather',
    description: 'The weather of a city',
    parameters: Type.Object({ city: Type.String(), state: Type.String() }, { additionalProperties: false }),
  };
  const bubbles: string[][] = [];
  const preview = Support.createReplyPreview({
    rules: [{ stageId: 'weather', toolId: 'get_weather', paths: [['city'], ['state']] }],
    sink: (shown) => {
      bubbles.push([...shown]);
    },
  });
  const runner = new ModelRunner({ provider, sink: { output: preview }, timeoutMs: 600_000, maxOutputChars: 10_000 });
  const result = await runner.invoke({ input: 'What is the weather in San Francisco?', stageId: 'weather', tools: [getWeather] });
  return { result: describeResult(result), bubbles, sent };
}

/** (4) The reflection kit over a `ReflectionLogReader` held in memory, driven by a scripted model that cites what it read. */
async function reflectionOverLogReader(): Promise<Record<string, unknown>> {
  const records: LogRecord[] = [
    { traceId: 'order-7', flowId: 'flow-root', seq: 0, at: '2024-05-01T10:00:00.000Z', type: 'flow.start', data: { name: 'checkout' } },
    { traceId: 'order-7', flowId: 'flow-root', seq: 1, at: '2024-05-01T10:00:01.000Z', type: 'cart.priced', data: { total: 129.5, currency: 'EUR' } },
    { traceId: 'order-7', flowId: 'flow-root', seq: 2, at: '2024-05-01T10:00:02.000Z', type: 'payment.failed', data: { provider: 'card', status: 503 } },
    { traceId: 'order-7', flowId: 'flow-root', seq: 3, at: '2024-05-01T10:00:09.000Z', type: 'payment.failed', data: { provider: 'card', status: 503, retry: 1 } },
    { traceId: 'order-7', flowId: 'flow-root', seq: 4, at: '2024-05-01T10:00:10.000Z', type: 'order.abandoned' },
  ];
  const reads: unknown[] = [];
  const reader: ReflectionLogReader = {
    read: async (request: LogReadRequest): Promise<LogPage> => {
      reads.push({ traceId: request.traceId, types: request.types, cursor: request.cursor, limit: request.limit });
      const matching = records.filter((record) => record.traceId === request.traceId && (request.types === undefined || request.types.length === 0 || request.types.includes(record.type)));
      const start = request.cursor === undefined ? 0 : Number(request.cursor);
      const end = Math.min(matching.length, start + request.limit);
      return { records: matching.slice(start, end), ...(end < matching.length ? { cursor: String(end) } : {}), complete: end >= matching.length, gaps: [] };
    },
  };
  const source = defineReflectionLogSource({
    reader,
    traceId: 'order-7',
    id: 'order-history',
    authorize: (context: { app: { canReadOrders: boolean } }) => {
      if (!context.app.canReadOrders) throw new Error('not allowed to read order history');
    },
  });
  const provider = createScriptedProvider([
    { toolCalls: [{ toolId: 'query_evidence', args: { types: ['payment.failed'], limit: 1 } }] },
    (request) => {
      const page = lastToolResult(request.messages) as { cursor?: string };
      return { toolCalls: [{ toolId: 'query_evidence', args: { types: ['payment.failed'], limit: 5, ...(page.cursor === undefined ? {} : { cursor: page.cursor }) } }] };
    },
    (request) => {
      const cited = request.messages.flatMap((message) => (message.role === 'tool' ? (JSON.parse(message.content) as { items: { id: string }[] }).items.map((item) => item.id) : []));
      return {
        toolCalls: [{ toolId: 'submit_report', args: { summary: 'The card provider answered 503 twice.', findings: [{ claim: 'Payment failed twice with status 503', evidenceIds: cited }] } }],
      };
    },
  ]);
  const reflection = defineReflection({
    model: new ModelRunner({ provider, timeoutMs: 600_000, maxOutputChars: 100_000 }),
    source,
    authorize: (question) => {
      if (question.length > 200) throw new Error('question too long');
    },
    maxCalls: 4,
    reserveCalls: 1,
    maxPages: 3,
    maxEvents: 10,
    maxEvidenceChars: 4000,
  });
  const report = await reflection.run('Why was order 7 not paid?', { app: { canReadOrders: true }, signal: new AbortController().signal });
  const refused = await reflection.run(`Why was order 7 not paid?${' Really?'.repeat(30)}`, { app: { canReadOrders: true }, signal: new AbortController().signal }).then(
    () => 'resolved',
    (error: unknown) => describeError(error),
  );
  return { report, reads, modelCalls: provider.requests.length, refused };
}

/** (5) Context assembly: fragments into messages with their usage, a conversation with a tool call and its result, and the trust rule. */
async function contextAssembly(): Promise<Record<string, unknown>> {
  const fragments: ContextFragment[] = [
    { id: 'policy', sourceId: 'app', trust: 'app', lifetime: 'static', maxChars: 200, role: 'system', value: 'Answer briefly.' },
    { id: 'profile', sourceId: 'crm', trust: 'app', lifetime: 'session', maxChars: 200, role: 'user', value: { customer: 'Ada', tier: 'gold', orders: [7, 8] } },
    { id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', maxChars: 500, role: 'user', value: 'Where is order 7? 包裹在哪里？' },
  ];
  const assembled = assembleFragments(fragments, 2_000);
  const history: HistoryMessage[] = [
    { role: 'user', content: 'Where is order 7?' },
    { role: 'assistant', content: 'Let me look.', toolCalls: [{ callId: 'call-1', toolId: 'track_order', args: { orderId: 7 } }] },
    { role: 'tool', callId: 'call-1', content: '{"status":"shipped","eta":"tomorrow"}' },
  ];
  const conversation = assembleConversation({ fragments, history, maxInputChars: 4_000, maxToolResultChars: 200 });
  const trustViolation = attempt(() => assembleFragments([{ ...fragments[2]!, role: 'system' }], 2_000));
  const orphanResult = attempt(() => assembleConversation({ fragments, history: [history[0]!, history[2]!], maxInputChars: 4_000 }));
  const overBudget = attempt(() => assembleFragments(fragments, 50));
  return { assembled, conversation, trustViolation, orphanResult, overBudget };
}

function attempt(run: () => unknown): ErrorDescription | 'returned' {
  try {
    run();
    return 'returned';
  } catch (error) {
    return describeError(error);
  }
}

function lastToolResult(messages: readonly { role: string; content?: unknown }[]): unknown {
  const last = messages.at(-1);
  return last?.role === 'tool' && typeof last.content === 'string' ? JSON.parse(last.content) : {};
}

function describeResult(result: ModelRunResult): Record<string, unknown> {
  return {
    value: result.value,
    text: result.text,
    proposals: result.proposals,
    finishReason: result.finishReason,
    usage: result.usage,
    warnings: result.warnings.map((warning) => describeError(warning)),
  };
}

/**
 * A thrown value as JSON, with its chain of causes (name, code and message: their wording is the
 * library's or the App's, the same everywhere). The stack only for a thrown value the library did
 * not raise on purpose: that is a mismatch on any runtime, and the stack says where it came from.
 */
function describeError(error: unknown, withStack = true): ErrorDescription {
  const cause = error instanceof Error && error.cause !== undefined ? { cause: describeError(error.cause, false) } : {};
  if (error instanceof AgentCoreError) {
    return { agentCoreError: true, name: error.name, code: error.code, message: error.message, details: error.details, ...cause };
  }
  if (error instanceof Error) {
    return { agentCoreError: false, name: error.name, message: error.message, ...(withStack && error.stack !== undefined ? { stack: error.stack } : {}), ...cause };
  }
  return { agentCoreError: false, name: typeof error, message: String(error) };
}

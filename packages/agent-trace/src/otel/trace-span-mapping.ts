import { SpanKind, SpanStatusCode, trace, type Attributes, type AttributeValue, type Context, type Span } from '@opentelemetry/api';
import { finishReasonName, modelOfProviderId, providerName } from './gen-ai-names.js';
import type { CallRecords, ChatSpan, FlowSpans, OpenSpan, TurnSpan } from './flow-spans.js';
import { parseStartedSpan, type OtelTracer } from './otel-tracer.js';
import { flagField, numberField, objectField, textField, textListField, type RecordFields } from './record-fields.js';

/** One record as the mapping sees it: from a store (with its `seq`) or as it is recorded (live). */
export interface MappedRecord {
  readonly type: string;
  readonly data: RecordFields;
  /** When it was recorded, in milliseconds since the epoch. */
  readonly time: number;
  /** The record's `seq` in the trace, when known (a stored trace). */
  readonly seq?: number | undefined;
}

/** What a mapping needs: the App's tracer, the trace, and where spans outside every turn start. */
export interface TraceSpanMappingOptions {
  readonly tracer: OtelTracer;
  readonly traceId: string;
  /** The context a span outside every open turn starts in. */
  readonly base: () => Context;
  /** Evaluation events to attach, by the seq of the record they cite first. */
  readonly eventsBySeq?: ReadonlyMap<number, readonly Readonly<Record<string, unknown>>[]> | undefined;
}

/** Attributes of a span, the absent ones `undefined`. */
export type Entries = Readonly<Record<string, AttributeValue | undefined>>;

/** `entries` without the absent ones. */
function attributes(entries: Entries): Attributes {
  const result: Attributes = {};
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) result[key] = value;
  return result;
}

/**
 * The one mapping of trace records to OpenTelemetry spans, shared by the live exporter
 * (`withOtelSpans`) and the export of a stored trace (`exportTraceToOtel`): `turn.start` …
 * `turn.end` is an `invoke_agent` span, `model.start` … `model.end` a `chat` span, each
 * `tool.result` an `execute_tool` span (from the turn's record before it, when the turn handed
 * the call to `execute`), and the other turn and model records are attributes and events of
 * those. Spans carry no content, only references: trace id, flow id and, when known, record seqs.
 */
export class TraceSpanMapping {
  /** Spans started so far. */
  spans = 0;
  private readonly open = new Set<OpenSpan>();
  /** The span of a whole stored trace: where records outside every other span belong. */
  private traceSpan: OpenSpan | undefined;

  constructor(private readonly options: TraceSpanMappingOptions) {}

  /**
   * Starts the span of a whole stored trace (`agent_core.trace`) at its first record, in
   * `parent`; the spans of the trace's root flows start below it (`base` should give its
   * `context`), records outside every other span are cited on it, and `events` are added to it.
   */
  startTrace(parent: Context, record: MappedRecord, events: readonly Readonly<Record<string, unknown>>[]): OpenSpan {
    const opened = this.start(parent, 'agent_core.trace', SpanKind.INTERNAL, undefined, record, {});
    this.open.delete(opened);
    this.traceSpan = opened;
    for (const attributes of events) opened.events.push({ attributes, time: record.time });
    return opened;
  }

  /** Ends the span of the trace (after {@link finish}), with what is known of the trace as a whole. */
  endTrace(time: number, entries: Entries, errorType?: string): void {
    if (this.traceSpan !== undefined) this.end(this.traceSpan, time, entries, errorType);
  }

  /** Maps one record of `flow`. */
  record(flow: FlowSpans, record: MappedRecord): void {
    switch (record.type) {
      case 'turn.start':
        this.turnStart(flow, record);
        return;
      case 'turn.step':
        this.turnStep(flow, record);
        return;
      case 'tool.proposed':
      case 'tool.decided':
        this.toolRecord(flow, record);
        return;
      case 'tool.result':
        this.toolResult(flow, record);
        return;
      case 'turn.end':
        this.turnEnd(flow, record);
        return;
      case 'model.start':
        this.modelStart(flow, record);
        return;
      case 'model.retry':
      case 'model.warning':
        this.modelEvent(flow, record);
        return;
      case 'model.end':
        this.modelEnd(flow, record);
        return;
      default:
        this.cite(flow.enclosingTurn() ?? this.traceSpan, record);
    }
  }

  /**
   * Ends every span still open at `time` (a stored trace that ends inside a turn or a call),
   * marked `agent_core.span.incomplete`; with `errorType`, as failed (`error.type`).
   */
  finish(time: number, errorType?: string): void {
    // Latest first: a span ends before the one it started in.
    for (const opened of [...this.open].reverse()) {
      this.end(opened, time, { 'agent_core.span.incomplete': true, 'error.type': errorType }, errorType);
    }
  }

  private turnStart(flow: FlowSpans, record: MappedRecord): void {
    const { data } = record;
    const stageId = textField(data, 'stageId');
    const agentName = textField(data, 'agentName') ?? stageId;
    const opened = this.start(flow.enclosingTurn()?.context ?? this.options.base(), agentName === undefined ? 'invoke_agent' : `invoke_agent ${agentName}`, SpanKind.INTERNAL, flow, record, {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': agentName,
      'agent_core.stage.id': stageId,
      'agent_core.turn.resumed': flagField(data, 'resumed'),
      'agent_core.turn.state_id': textField(data, 'stateId'),
    });
    const turn: TurnSpan = { ...opened, lastTime: record.time, calls: new Map() };
    this.replace(opened, turn);
    this.cite(turn, record);
    flow.turns.push(turn);
  }

  private turnStep(flow: FlowSpans, record: MappedRecord): void {
    const turn = flow.turns.at(-1);
    if (turn === undefined) {
      this.cite(flow.enclosingTurn() ?? this.traceSpan, record);
      return;
    }
    const { data } = record;
    const usage = objectField(data, 'usage');
    const inputTokens = numberField(usage, 'inputTokens');
    const outputTokens = numberField(usage, 'outputTokens');
    if (inputTokens !== undefined) turn.inputTokens = (turn.inputTokens ?? 0) + inputTokens;
    if (outputTokens !== undefined) turn.outputTokens = (turn.outputTokens ?? 0) + outputTokens;
    const finishReason = textField(data, 'finishReason');
    turn.span.addEvent(
      'agent_core.turn.step',
      attributes({
        'agent_core.turn.step': numberField(data, 'step'),
        'agent_core.turn.step_outcome': textField(data, 'outcome'),
        'agent_core.turn.proposals': numberField(data, 'proposals'),
        'gen_ai.response.finish_reasons': finishReason === undefined ? undefined : [finishReasonName(finishReason)],
        'gen_ai.usage.input_tokens': inputTokens,
        'gen_ai.usage.output_tokens': outputTokens,
        'error.type': textField(data, 'code'),
        'agent_core.record.seq': record.seq,
      }),
      record.time,
    );
    turn.lastTime = record.time;
    this.cite(turn, record);
  }

  private toolRecord(flow: FlowSpans, record: MappedRecord): void {
    const turn = flow.turns.at(-1);
    const callId = textField(record.data, 'callId');
    if (turn === undefined || callId === undefined) {
      this.cite(flow.enclosingTurn() ?? this.traceSpan, record);
      return;
    }
    const call = this.call(turn, callId, record);
    const { data } = record;
    if (record.type === 'tool.proposed') {
      call.argsChars = numberField(data, 'argsChars');
      call.valid = flagField(data, 'valid');
    } else {
      call.approved = flagField(data, 'approved');
      call.decidedBy = textField(data, 'by');
    }
    turn.lastTime = record.time;
  }

  private toolResult(flow: FlowSpans, record: MappedRecord): void {
    const turn = flow.turns.at(-1);
    const { data } = record;
    const callId = textField(data, 'callId');
    if (turn === undefined || callId === undefined) {
      this.cite(flow.enclosingTurn() ?? this.traceSpan, record);
      return;
    }
    const call = this.call(turn, callId, record);
    turn.calls.delete(callId);
    const toolId = textField(data, 'toolId');
    // The turn runs a call right after its record before this result (a decision, or the
    // previous call's result): the execution is the time between the two.
    const opened = this.start(turn.context, toolId === undefined ? 'execute_tool' : `execute_tool ${toolId}`, SpanKind.INTERNAL, flow, { ...record, time: turn.lastTime, seq: call.firstSeq }, {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': toolId,
      'gen_ai.tool.call.id': callId,
      'gen_ai.tool.type': 'function',
      'agent_core.turn.step': numberField(data, 'step'),
      'agent_core.tool.args_chars': call.argsChars,
      'agent_core.tool.valid': call.valid,
      'agent_core.tool.approved': call.approved,
      'agent_core.tool.decided_by': call.decidedBy,
    });
    opened.events.push(...call.events);
    const failed = flagField(data, 'ok') === false;
    const errorType = failed ? (textField(data, 'code') ?? '_OTHER') : undefined;
    this.end(opened, record.time, {
      'agent_core.tool.status': textField(data, 'status'),
      'agent_core.tool.result_chars': numberField(data, 'chars'),
      'agent_core.tool.cut_from': numberField(data, 'cutFrom'),
      'agent_core.record.end_seq': record.seq,
      'error.type': errorType,
    }, errorType);
    turn.lastTime = record.time;
  }

  private turnEnd(flow: FlowSpans, record: MappedRecord): void {
    const turn = flow.turns.pop();
    if (turn === undefined) {
      this.cite(flow.enclosingTurn() ?? this.traceSpan, record);
      return;
    }
    this.cite(turn, record);
    // Calls still waiting for the App's decision (awaiting-approval) keep their events on the turn.
    for (const call of turn.calls.values()) turn.events.push(...call.events);
    const { data } = record;
    const errorType = textField(data, 'code');
    this.end(turn, record.time, {
      'gen_ai.provider.name': turn.provider,
      'gen_ai.usage.input_tokens': turn.inputTokens,
      'gen_ai.usage.output_tokens': turn.outputTokens,
      'agent_core.turn.status': textField(data, 'status'),
      'agent_core.turn.stopped_by': textField(data, 'stoppedBy'),
      'agent_core.turn.steps': numberField(data, 'steps'),
      'agent_core.turn.tool_calls': numberField(data, 'toolCalls'),
      'agent_core.record.end_seq': record.seq,
      'error.type': errorType,
    }, errorType);
  }

  private modelStart(flow: FlowSpans, record: MappedRecord): void {
    const { data } = record;
    const stageId = textField(data, 'stageId');
    const providerId = textField(data, 'providerId');
    const model = textField(data, 'model') ?? (providerId === undefined ? undefined : modelOfProviderId(providerId));
    const provider = providerId === undefined ? undefined : providerName(providerId);
    const turn = flow.enclosingTurn();
    const label = model ?? stageId;
    const opened = this.start(turn?.context ?? this.options.base(), label === undefined ? 'chat' : `chat ${label}`, SpanKind.CLIENT, flow, record, {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': provider,
      'gen_ai.request.model': model,
      'agent_core.stage.id': stageId,
      'agent_core.model.mode': textField(data, 'mode'),
      'agent_core.model.message_count': numberField(data, 'messageCount'),
      'agent_core.model.input_chars': numberField(data, 'inputChars'),
      'agent_core.model.tool_ids': textListField(data, 'toolIds'),
    });
    const chat: ChatSpan = { ...opened, stageId, diagnosticSpanId: textField(objectField(data, 'span'), 'spanId') };
    this.replace(opened, chat);
    this.cite(chat, record);
    flow.chats.push(chat);
    if (turn !== undefined && turn.provider === undefined && provider !== undefined) {
      turn.provider = provider;
      turn.span.setAttributes(attributes({ 'gen_ai.provider.name': provider, 'gen_ai.request.model': model }));
    }
  }

  private modelEvent(flow: FlowSpans, record: MappedRecord): void {
    const chat = this.chatOf(flow, record.data);
    if (chat === undefined) {
      this.cite(flow.enclosingTurn() ?? this.traceSpan, record);
      return;
    }
    const { data } = record;
    chat.span.addEvent(
      record.type === 'model.retry' ? 'agent_core.model.retry' : 'agent_core.model.warning',
      attributes({
        'agent_core.model.attempt': numberField(data, 'attempt'),
        'agent_core.model.delay_ms': numberField(data, 'delayMs'),
        'error.type': textField(data, 'code'),
        'agent_core.record.seq': record.seq,
      }),
      record.time,
    );
    this.cite(chat, record);
  }

  private modelEnd(flow: FlowSpans, record: MappedRecord): void {
    const chat = this.chatOf(flow, record.data);
    if (chat === undefined) {
      this.cite(flow.enclosingTurn() ?? this.traceSpan, record);
      return;
    }
    flow.chats.splice(flow.chats.indexOf(chat), 1);
    this.cite(chat, record);
    const { data } = record;
    const usage = objectField(data, 'usage');
    const finishReason = textField(data, 'finishReason');
    const errorType = flagField(data, 'ok') === false ? (textField(data, 'code') ?? '_OTHER') : undefined;
    this.end(chat, record.time, {
      'gen_ai.response.finish_reasons': finishReason === undefined ? undefined : [finishReasonName(finishReason)],
      'gen_ai.response.model': textField(data, 'responseModel'),
      'gen_ai.response.id': textField(data, 'responseId'),
      'gen_ai.usage.input_tokens': numberField(usage, 'inputTokens'),
      'gen_ai.usage.output_tokens': numberField(usage, 'outputTokens'),
      'agent_core.model.attempts': numberField(data, 'attempts'),
      'agent_core.model.output_chars': numberField(data, 'outputChars'),
      'agent_core.model.proposals': numberField(data, 'proposalCount'),
      'agent_core.record.end_seq': record.seq,
      'error.type': errorType,
    }, errorType);
  }

  /**
   * The open call a `model.*` record belongs to: the one of the same diagnostic span id when the
   * runner recorded one, else the oldest open call of the same stage in the flow.
   */
  private chatOf(flow: FlowSpans, data: RecordFields): ChatSpan | undefined {
    const spanId = textField(objectField(data, 'span'), 'spanId');
    if (spanId !== undefined) return flow.chats.find((chat) => chat.diagnosticSpanId === spanId);
    const stageId = textField(data, 'stageId');
    return flow.chats.find((chat) => chat.stageId === stageId);
  }

  private call(turn: TurnSpan, callId: string, record: MappedRecord): CallRecords {
    let call = turn.calls.get(callId);
    if (call === undefined) {
      call = { firstSeq: record.seq, events: [] };
      turn.calls.set(callId, call);
    }
    this.cite(call, record);
    return call;
  }

  /** Queues the evaluation events that cite `record` first on the span that holds it. */
  private cite(holder: Pick<OpenSpan, 'events'> | undefined, record: MappedRecord): void {
    if (holder === undefined || record.seq === undefined) return;
    for (const event of this.options.eventsBySeq?.get(record.seq) ?? []) holder.events.push({ attributes: event, time: record.time });
  }

  private start(parent: Context, name: string, kind: SpanKind, flow: FlowSpans | undefined, record: MappedRecord, entries: Entries): OpenSpan {
    const started = this.options.tracer.startSpan(
      name,
      {
        kind,
        startTime: record.time,
        attributes: attributes({
          ...entries,
          'agent_core.trace.id': this.options.traceId,
          'agent_core.flow.id': flow?.flowId,
          'agent_core.record.start_seq': record.seq,
        }),
      },
      parent,
    );
    const span = parseStartedSpan(started);
    this.spans += 1;
    const opened: OpenSpan = { span, context: trace.setSpan(parent, span as Span), startTime: record.time, events: [] };
    this.open.add(opened);
    return opened;
  }

  /** Tracks `next` (the same span with its kind's state) in place of `opened`. */
  private replace(opened: OpenSpan, next: OpenSpan): void {
    this.open.delete(opened);
    this.open.add(next);
  }

  private end(opened: OpenSpan, time: number, entries: Entries, errorType?: string): void {
    this.open.delete(opened);
    const { span } = opened;
    span.setAttributes(attributes(entries));
    for (const event of opened.events) span.addEvent('gen_ai.evaluation.result', event.attributes as Attributes, event.time);
    if (errorType !== undefined) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end(Math.max(time, opened.startTime));
  }
}

import type { Context } from '@opentelemetry/api';
import type { OtelSpan } from './otel-tracer.js';

/** A span the mapping has open, with the context its children start in. */
export interface OpenSpan {
  readonly span: OtelSpan;
  readonly context: Context;
  readonly startTime: number;
  /** `gen_ai.evaluation.result` events waiting for the span's end: their attributes and time. */
  readonly events: { readonly attributes: Readonly<Record<string, unknown>>; readonly time: number }[];
}

/** What the turn kit recorded so far of one tool call of an open turn. */
export interface CallRecords {
  firstSeq?: number | undefined;
  argsChars?: number | undefined;
  valid?: boolean | undefined;
  approved?: boolean | undefined;
  decidedBy?: string | undefined;
  readonly events: OpenSpan['events'];
}

/** An open `invoke_agent` span: a turn between `turn.start` and `turn.end`. */
export interface TurnSpan extends OpenSpan {
  /** Time of the turn's last own record: where the execution of the next tool call starts. */
  lastTime: number;
  readonly calls: Map<string, CallRecords>;
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  /** Set from the first model call inside it. */
  provider?: string | undefined;
}

/** An open `chat` span: a model call between `model.start` and `model.end`. */
export interface ChatSpan extends OpenSpan {
  readonly stageId: string | undefined;
  /** The runner's diagnostic span id of the call (`data.span.spanId`), when diagnostics were on. */
  readonly diagnosticSpanId: string | undefined;
}

/**
 * The open spans of one flow (one `SubFlowLog`), and the flow it is a child of: a span starts
 * below the innermost open turn of its flow, else of the nearest parent flow that has one.
 */
export class FlowSpans {
  readonly turns: TurnSpan[] = [];
  readonly chats: ChatSpan[] = [];

  constructor(
    readonly flowId: string,
    readonly parent: FlowSpans | undefined,
  ) {}

  /** The innermost open turn of this flow or of the nearest parent flow that has one. */
  enclosingTurn(): TurnSpan | undefined {
    return this.turns.at(-1) ?? this.parent?.enclosingTurn();
  }
}

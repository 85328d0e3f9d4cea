import type { AgentCoreError, DiagnosticContext, JsonObject, JsonValue, ModelMessage, SubFlowLog } from '@jangts/agent-types';
import { thenOf } from '@jangts/agent-types/internal';
import { errorMessage } from '../error-message.js';
import { logFailedError } from '../errors.js';

/**
 * An error's message as the end record keeps it when content is not recorded. The message of an
 * `OUTPUT_INVALID` quotes the model's output (a JSON parser's excerpt of the arguments, a key or
 * tool name the model made up), so only its stage and reason (or the rule a chunk broke) are kept.
 */
function contentFreeMessage(error: AgentCoreError, stageId: string): string {
  if (error.code !== 'OUTPUT_INVALID') return error.message;
  const { reason, rule } = error.details;
  const why = typeof reason === 'string' ? reason : typeof rule === 'string' ? rule : 'unknown reason';
  return `stage ${JSON.stringify(stageId)}: the model's output is invalid (${why}; content not recorded)`;
}

/** The characters of each message the model reads, by message (messages are frozen: counted once). */
const charsOfMessage = new WeakMap<ModelMessage, number>();

/**
 * What the model reads of `messages`: every content, and the arguments of earlier tool calls as
 * their JSON text (as `outputChars` counted them when they were streamed).
 */
export function inputCharsOf(messages: readonly ModelMessage[]): number {
  let total = 0;
  for (const message of messages) {
    let chars = charsOfMessage.get(message);
    if (chars === undefined) {
      chars = message.content.length;
      if (message.role === 'assistant') for (const call of message.toolCalls ?? []) chars += JSON.stringify(call.args).length;
      charsOfMessage.set(message, chars);
    }
    total += chars;
  }
  return total;
}

/** What the end record of a call reports. */
export interface InvocationEnd {
  readonly ok: boolean;
  readonly durationMs: number;
  readonly attempts: number;
  readonly outputChars: number;
  readonly proposalCount: number;
  readonly warningCount: number;
  readonly finishReason?: string;
  readonly usage?: JsonObject;
  readonly error?: AgentCoreError;
  /** Present only when content recording is on. */
  readonly content?: { readonly text: string; readonly proposals: JsonValue };
}

/**
 * Writes one call's records into the App's `SubFlowLog`: `model.start`, `model.retry`,
 * `model.warning`, `model.end`, each carrying the stage id and, with diagnostics on, the span
 * (`traceId`, `spanId`, `parentSpanId`). A logger that throws never fails the call: the failure
 * goes to `onFailure` as a `LOG_FAILED` warning.
 */
export class InvocationLog {
  private readonly base: JsonObject;

  constructor(
    private readonly logger: SubFlowLog,
    private readonly stageId: string,
    span: DiagnosticContext | undefined,
    private readonly onFailure: (warning: AgentCoreError) => void,
  ) {
    this.base = span === undefined ? { stageId } : { stageId, span: spanRecord(span) };
  }

  /** Records the start: mode, tool ids, message count, input size, and the messages when `content` is given. */
  start(data: JsonObject): void {
    this.record('model.start', { ...this.base, ...data }, ['messages']);
  }

  /** Records a retry: the attempt that failed, its code, and the wait before the next one. */
  retry(attempt: number, delayMs: number, error: AgentCoreError): void {
    this.record('model.retry', { ...this.base, attempt, delayMs, code: error.code, message: error.message });
  }

  /** Records a warning (`SINK_FAILED`) that did not fail the call. */
  warning(warning: AgentCoreError): void {
    this.record('model.warning', { ...this.base, code: warning.code, message: warning.message, details: warning.details });
  }

  /**
   * Records the end: outcome, duration, attempts, sizes, finish reason, usage, error code and
   * message (without content, an `OUTPUT_INVALID` message names only the stage and the reason).
   */
  end(end: InvocationEnd): void {
    const data: Record<string, JsonValue> = {
      ...this.base,
      ok: end.ok,
      durationMs: end.durationMs,
      attempts: end.attempts,
      outputChars: end.outputChars,
      proposalCount: end.proposalCount,
      warningCount: end.warningCount,
    };
    if (end.finishReason !== undefined) data.finishReason = end.finishReason;
    if (end.usage !== undefined) data.usage = end.usage;
    if (end.error !== undefined) {
      data.code = end.error.code;
      data.message = end.content === undefined ? contentFreeMessage(end.error, this.stageId) : end.error.message;
    }
    if (end.content !== undefined) {
      data.text = end.content.text;
      data.proposals = end.content.proposals;
    }
    this.record('model.end', data, ['text', 'proposals']);
  }

  /**
   * Records one entry. When the logger refuses it synchronously and it carries content (the
   * `contentKeys`: messages, text, proposals — say it is over the store's record size), the
   * failure is reported and the entry is recorded again without the content, marked
   * `contentOmitted`, so the call's metadata is never lost with it.
   */
  private record(type: string, data: JsonObject, contentKeys: readonly string[] = []): void {
    const carried = contentKeys.filter((key) => key in data);
    if (!this.tryRecord(type, data) && carried.length > 0) {
      const metadata = Object.fromEntries(Object.entries(data).filter(([key]) => !carried.includes(key)));
      this.tryRecord(type, { ...metadata, contentOmitted: carried });
    }
  }

  /** Records one entry; false when the logger threw (reported as `LOG_FAILED`). */
  private tryRecord(type: string, data: JsonObject): boolean {
    const failed = (error: unknown): void => {
      this.onFailure(logFailedError(type, this.stageId, errorMessage(error), error));
    };
    try {
      // Typed to return nothing, but an async logger's rejection must not go unhandled (it would
      // end the process): it is reported like a throw, late if the call has settled meanwhile.
      const logger = this.logger as { record(type: string, data: JsonObject): unknown };
      const result = logger.record(type, data);
      const then = thenOf(result);
      if (then !== undefined) Reflect.apply(then, result, [undefined, failed]);
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }
}

function spanRecord(span: DiagnosticContext): JsonObject {
  return span.parentSpanId === undefined
    ? { traceId: span.traceId, spanId: span.spanId }
    : { traceId: span.traceId, spanId: span.spanId, parentSpanId: span.parentSpanId };
}

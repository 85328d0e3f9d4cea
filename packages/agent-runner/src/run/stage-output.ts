import { AgentCoreError, type FinishReason, type ModelUsage, type ToolProposal } from '@jangts/agent-types';
import { describeValue, detailValue, type InputIssue, type RuleIssue } from '@jangts/agent-types/internal';
import { chunkError, outputLimitError } from '../errors.js';
import type { CompiledTool } from '../input/compile-tools.js';
import type { OutputChannel } from './output-channel.js';
import { TextAccumulator } from './text-accumulator.js';
import { ToolCallCollector } from './tool-call-collector.js';

/** What a finished stream produced. */
export interface StageOutcome {
  readonly text: string;
  readonly proposals: readonly ToolProposal[];
  readonly finishReason: string;
  readonly usage: ModelUsage | undefined;
}

/** The finish chunk's reason and usage, read once. */
export interface FinishChunk {
  readonly reason: FinishReason;
  readonly usage: ModelUsage | undefined;
}

const FINISH_REASONS: ReadonlySet<unknown> = new Set<FinishReason>(['stop', 'tool-calls', 'length', 'content-filter', 'other']);
const NO_PROPOSALS: readonly ToolProposal[] = Object.freeze([]);

/** The fields a chunk may carry, before they are checked. */
interface LooseChunk {
  readonly type?: unknown;
  readonly text?: unknown;
  readonly callId?: unknown;
  readonly toolId?: unknown;
  readonly argsDelta?: unknown;
  readonly reason?: unknown;
  readonly usage?: unknown;
  readonly inputTokens?: unknown;
  readonly outputTokens?: unknown;
}

function wrong(path: readonly (string | number)[], expected: string, value: unknown): RuleIssue {
  if (value === undefined && path.length > 0) return { path, rule: 'required', problem: 'is required', expected };
  return { path, rule: 'type', problem: `must be ${expected} (got ${describeValue(value)})`, expected, actual: detailValue(value) };
}


function chunkIssue(index: number, issue: RuleIssue): InputIssue {
  return { ...issue, path: [index, ...(issue.path ?? [])] };
}

/**
 * The output of one call as it streams: reads each provider chunk (each property once, checked by
 * hand where it is read: this runs for every delta), enforces `maxOutputChars`, accumulates text
 * and tool-call arguments, and forwards deltas to the output channel. Every refusal is thrown
 * (`OUTPUT_INVALID`, `OUTPUT_LIMIT`) before the offending delta is forwarded.
 */
export class StageOutput {
  private readonly text = new TextAccumulator();
  private chars = 0;
  private finish: FinishChunk | undefined;
  /** Made at the first tool-call chunk: a plain-text stream costs none. */
  private collector: ToolCallCollector | undefined;

  constructor(
    private readonly stageId: string,
    private readonly tools: ReadonlyMap<string, CompiledTool>,
    /** The limit of streamed characters; undefined for none (not `Infinity`, which a field would hold as a number object of its own). */
    private readonly maxOutputChars: number | undefined,
    private readonly channel: Pick<OutputChannel, 'deliver'> | undefined,
  ) {}

  /** Characters streamed so far (text plus tool arguments). */
  get outputChars(): number {
    return this.chars;
  }

  /** Text streamed so far. */
  get streamedText(): string {
    return this.text.text();
  }

  /** The finish chunk's reason and usage, once it arrived. */
  get finishChunk(): FinishChunk | undefined {
    return this.finish;
  }

  /**
   * Takes the chunk at `index` of the stream (a bare string is a text delta). Returns the sink's
   * promise when the forwarded delta must be awaited, else `undefined`.
   *
   * @throws AgentCoreError `OUTPUT_INVALID` naming `chunks[index]…` for anything but a chunk (a
   * chunk whose reading throws included: rule `readable`), a chunk after the finish chunk,
   * `OUTPUT_LIMIT` past `maxOutputChars`, and the tool-call refusals of the collector.
   */
  accept(chunk: unknown, index: number): Promise<void> | undefined {
    if (typeof chunk === 'string') {
      if (this.finish !== undefined) this.afterFinish(index);
      return chunk.length === 0 ? undefined : this.addText(chunk);
    }
    try {
      return this.acceptChunk(chunk, index);
    } catch (error) {
      if (AgentCoreError.isInstance(error)) throw error;
      // What a getter or proxy trap threw.
      throw chunkError(this.stageId, { path: [index], rule: 'readable', problem: 'could not be read (reading it threw)', cause: error });
    }
  }

  private acceptChunk(chunk: unknown, index: number): Promise<void> | undefined {
    if (this.finish !== undefined) this.afterFinish(index);
    if (typeof chunk !== 'object' || chunk === null || Array.isArray(chunk)) {
      throw chunkError(this.stageId, chunkIssue(index, wrong([], 'a string or a chunk { type: "text" | "tool-call" | "finish", … }', chunk)));
    }
    const fields = chunk as LooseChunk;
    const type = fields.type;
    switch (type) {
      case 'text': {
        const text = fields.text;
        if (typeof text !== 'string') throw chunkError(this.stageId, chunkIssue(index, wrong(['text'], 'a string', text)));
        return text.length === 0 ? undefined : this.addText(text);
      }
      case 'tool-call': {
        const { callId, toolId, argsDelta } = fields;
        if (typeof callId !== 'string' || callId === '') throw chunkError(this.stageId, chunkIssue(index, wrong(['callId'], 'a non-empty string', callId)));
        if (typeof toolId !== 'string') throw chunkError(this.stageId, chunkIssue(index, wrong(['toolId'], 'a string', toolId)));
        if (typeof argsDelta !== 'string') throw chunkError(this.stageId, chunkIssue(index, wrong(['argsDelta'], 'a string', argsDelta)));
        return this.addToolCall(callId, toolId, argsDelta);
      }
      case 'finish': {
        const { reason, usage } = fields;
        if (!FINISH_REASONS.has(reason)) throw chunkError(this.stageId, chunkIssue(index, wrong(['reason'], 'one of "stop", "tool-calls", "length", "content-filter", "other"', reason)));
        this.finish = { reason: reason as FinishReason, usage: this.readUsage(usage, index) };
        return undefined;
      }
      default:
        throw chunkError(this.stageId, chunkIssue(index, wrong(['type'], 'one of "text", "tool-call", "finish"', type)));
    }
  }

  /** A finish chunk's `usage`, each count read once: a fresh object holding the counts given. */
  private readUsage(value: unknown, index: number): ModelUsage | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw chunkError(this.stageId, chunkIssue(index, wrong(['usage'], 'an object { inputTokens?, outputTokens? }', value)));
    const { inputTokens, outputTokens } = value as LooseChunk;
    const usage: { inputTokens?: number; outputTokens?: number } = {};
    const input = this.tokenCount(inputTokens, index, 'inputTokens');
    const output = this.tokenCount(outputTokens, index, 'outputTokens');
    if (input !== undefined) usage.inputTokens = input;
    if (output !== undefined) usage.outputTokens = output;
    return usage;
  }

  private tokenCount(value: unknown, index: number, key: string): number | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw chunkError(this.stageId, chunkIssue(index, wrong(['usage', key], 'an integer at least 0', value)));
    return value;
  }

  private afterFinish(index: number): never {
    throw chunkError(this.stageId, { path: [index], rule: 'order', problem: 'arrived after the finish chunk' });
  }

  /**
   * The outcome of a stream that ended: a missing finish chunk means `tool-calls` when calls
   * were proposed, else `stop`; proposals are parsed and validated (`OUTPUT_INVALID`).
   */
  complete(): StageOutcome {
    const { collector } = this;
    const calls = collector?.size ?? 0;
    const finishReason = this.finish?.reason ?? (calls > 0 ? 'tool-calls' : 'stop');
    const proposals = collector === undefined || calls === 0 ? NO_PROPOSALS : collector.finalize(finishReason);
    return { text: this.text.text(), proposals, finishReason, usage: this.finish?.usage };
  }

  private addText(text: string): Promise<void> | undefined {
    this.count(text.length);
    this.text.add(text);
    return this.channel?.deliver({ type: 'text-delta', stageId: this.stageId, text });
  }

  private addToolCall(callId: string, toolId: string, argsDelta: string): Promise<void> | undefined {
    (this.collector ??= new ToolCallCollector(this.stageId, this.tools)).add(callId, toolId, argsDelta);
    this.count(argsDelta.length);
    return this.channel?.deliver({ type: 'tool-call-delta', stageId: this.stageId, callId, toolId, argsDelta });
  }

  private count(chars: number): void {
    this.chars += chars;
    const limit = this.maxOutputChars;
    if (limit !== undefined && this.chars > limit) throw outputLimitError(this.stageId, limit, this.chars);
  }
}

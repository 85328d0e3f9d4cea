import { AgentCoreError, ProviderChunkSchema, type ModelUsage, type ToolProposal } from '@jangts/agent-types';
import { compileSchema } from '@jangts/agent-types/internal';
import type { CompiledTool } from './compile-tool.js';
import type { OutputChannel } from './output-channel.js';
import { describeValue, invalidChunkError, outputLimitError } from './runner-errors.js';
import { ToolCallCollector } from './tool-call-collector.js';

const chunkValidator = compileSchema(ProviderChunkSchema);

/** What a finished stream produced. */
export interface StageOutcome {
  readonly text: string;
  readonly proposals: readonly ToolProposal[];
  readonly finishReason: string;
  readonly usage: ModelUsage | undefined;
}

/**
 * The output of one call as it streams: reads each provider chunk, enforces `maxOutputChars`,
 * accumulates text and tool-call arguments, and forwards deltas to the output channel. Every
 * refusal is thrown (`OUTPUT_INVALID`, `OUTPUT_LIMIT`) before the offending delta is forwarded.
 */
export class StageOutput {
  private text = '';
  private chars = 0;
  private finish: { readonly reason: string; readonly usage: ModelUsage | undefined } | undefined;
  private readonly collector: ToolCallCollector;

  constructor(
    private readonly stageId: string,
    tools: ReadonlyMap<string, CompiledTool>,
    private readonly maxOutputChars: number,
    private readonly channel: OutputChannel | undefined,
  ) {
    this.collector = new ToolCallCollector(stageId, tools);
  }

  /** Characters streamed so far (text plus tool arguments). */
  get outputChars(): number {
    return this.chars;
  }

  /** Text streamed so far. */
  get streamedText(): string {
    return this.text;
  }

  /** The finish chunk's reason and usage, once it arrived. */
  get finishChunk(): { readonly reason: string; readonly usage: ModelUsage | undefined } | undefined {
    return this.finish;
  }

  /**
   * Takes the chunk at `index` of the stream. Returns the sink's promise when the forwarded
   * delta must be awaited, else `undefined`. A chunk whose reading throws (a getter, a proxy) is
   * `OUTPUT_INVALID` like any other malformed chunk.
   */
  accept(chunk: unknown, index: number): Promise<void> | undefined {
    try {
      return this.acceptChunk(chunk, index);
    } catch (error) {
      if (AgentCoreError.isInstance(error)) throw error;
      throw invalidChunkError(this.stageId, index, 'could not be read (reading it threw)', error);
    }
  }

  private acceptChunk(chunk: unknown, index: number): Promise<void> | undefined {
    if (this.finish !== undefined) throw invalidChunkError(this.stageId, index, 'arrived after the finish chunk');
    if (typeof chunk === 'string') return this.addText(chunk);
    if (typeof chunk !== 'object' || chunk === null) throw invalidChunkError(this.stageId, index, `is ${describeValue(chunk)}, not a chunk`);
    const fields = chunk as Record<string, unknown>;
    switch (fields.type) {
      case 'text':
        if (typeof fields.text !== 'string') throw invalidChunkError(this.stageId, index, 'is a text chunk without a string text');
        return this.addText(fields.text);
      case 'tool-call':
        return this.addToolCall(fields, index);
      case 'finish': {
        const issue = chunkValidator.issues(chunk, 1)[0];
        if (issue !== undefined) throw invalidChunkError(this.stageId, index, `is a finish chunk that breaks its schema at ${issue.path || '/'}: ${issue.message}`);
        this.finish = { reason: fields.reason as string, usage: copyUsage(fields.usage as ModelUsage | undefined) };
        return undefined;
      }
      default:
        throw invalidChunkError(this.stageId, index, `is ${describeValue(chunk)}, not a chunk`);
    }
  }

  /**
   * The outcome of a stream that ended: a missing finish chunk means `tool-calls` when calls
   * were proposed, else `stop`; proposals are parsed and validated (`OUTPUT_INVALID`).
   */
  complete(): StageOutcome {
    const finishReason = this.finish?.reason ?? (this.collector.size > 0 ? 'tool-calls' : 'stop');
    const proposals = this.collector.finalize(finishReason);
    return { text: this.text, proposals, finishReason, usage: this.finish?.usage };
  }

  private addText(text: string): Promise<void> | undefined {
    if (text.length === 0) return undefined;
    this.count(text.length);
    this.text += text;
    return this.channel?.deliver({ type: 'text-delta', stageId: this.stageId, text });
  }

  private addToolCall(fields: Record<string, unknown>, index: number): Promise<void> | undefined {
    const { callId, toolId, argsDelta } = fields;
    if (typeof callId !== 'string' || callId === '' || typeof toolId !== 'string' || typeof argsDelta !== 'string') {
      throw invalidChunkError(this.stageId, index, 'is a tool-call chunk without a non-empty callId, a toolId and a string argsDelta');
    }
    this.collector.add(callId, toolId, argsDelta);
    this.count(argsDelta.length);
    return this.channel?.deliver({ type: 'tool-call-delta', stageId: this.stageId, callId, toolId, argsDelta });
  }

  private count(chars: number): void {
    this.chars += chars;
    if (this.chars > this.maxOutputChars) throw outputLimitError(this.stageId, this.maxOutputChars, this.chars);
  }
}

function copyUsage(usage: ModelUsage | undefined): ModelUsage | undefined {
  if (usage === undefined) return undefined;
  const copy: { inputTokens?: number; outputTokens?: number } = {};
  if (usage.inputTokens !== undefined) copy.inputTokens = usage.inputTokens;
  if (usage.outputTokens !== undefined) copy.outputTokens = usage.outputTokens;
  return copy;
}

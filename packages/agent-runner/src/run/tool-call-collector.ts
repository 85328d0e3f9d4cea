import type { AgentCoreError, ToolProposal } from '@jangts/agent-types';
import { quoteText, truncateText } from '@jangts/agent-types/internal';
import type { JsonValueReader } from '@jangts/agent-types/internal/json-reader';
import { errorMessage } from '../error-message.js';
import { toolCallError } from '../errors.js';
import { streamingArgumentsReader, type CompiledTool } from '../input/compile-tools.js';
import { deepFreeze } from '../input/deep-freeze.js';
import { TextAccumulator } from './text-accumulator.js';

/** A model-made id or path as `details` carry it: cut after 200 characters. */
function cut(id: string): string {
  return truncateText(id, 200);
}

/** Any character `String.prototype.trim` would keep: arguments of whitespace only are `{}`. */
const NOT_BLANK = /\S/;

/**
 * Argument text longer than this (UTF-16 code units) is parsed as it streams rather than held:
 * held, a call's arguments cost three times their text at the end (the text, the flat copy
 * `JSON.parse` reads, the value); streamed, about the value alone, for about 1.6 times the CPU time.
 */
export const STREAM_PARSE_CHARS = 4 * 1024 * 1024;

/** How much of the argument text a refusal quotes. */
const EXCERPT_CHARS = 200;

interface PendingCall {
  readonly tool: CompiledTool;
  /** The argument text so far, while it is held. */
  args: TextAccumulator | undefined;
  /** The parse of the argument text as it streams, once the text outgrew the collector's limit. */
  reader: JsonValueReader | undefined;
  chars: number;
  /** The start of the argument text, for a refusal's excerpt, once the text is no longer held. */
  excerpt: string;
  /** No argument text but whitespace so far (blank arguments are `{}`). */
  blank: boolean;
}

/**
 * Accumulates tool-call argument deltas per call id, in order of first appearance, then turns
 * them into validated proposals. A call's argument text is held and parsed with `JSON.parse` at
 * the end until it outgrows `streamParseChars`; from then on it is parsed as it streams and no
 * longer held. Every failure is `OUTPUT_INVALID` with JSON details.
 */
export class ToolCallCollector {
  private readonly calls = new Map<string, PendingCall>();

  constructor(
    private readonly stageId: string,
    private readonly tools: ReadonlyMap<string, CompiledTool>,
    private readonly streamParseChars = STREAM_PARSE_CHARS,
  ) {}

  /** Argument characters held as text, over every call (a call parsed as it streams holds none). */
  get heldChars(): number {
    let held = 0;
    for (const call of this.calls.values()) if (call.args !== undefined) held += call.chars;
    return held;
  }

  /** Number of distinct calls seen so far. */
  get size(): number {
    return this.calls.size;
  }

  /** Adds one delta; an unregistered tool or a call id reused for another tool is refused at once. */
  add(callId: string, toolId: string, argsDelta: string): void {
    let call = this.calls.get(callId);
    if (call === undefined) {
      const tool = this.tools.get(toolId);
      if (tool === undefined) {
        const registered = [...this.tools.keys()];
        throw toolCallError(this.stageId, 'toolId', `the model called tool ${quoteText(toolId)}, which the stage did not register (registered: ${registered.join(', ') || 'none'})`, {
          callId: cut(callId),
          toolId: cut(toolId),
          reason: 'unknown-tool',
          registered,
        });
      }
      call = { tool, args: new TextAccumulator(), reader: undefined, chars: 0, excerpt: '', blank: true };
      this.calls.set(callId, call);
    } else if (call.tool.id !== toolId) {
      throw toolCallError(this.stageId, 'toolId', `call ${quoteText(callId)} switched from tool "${call.tool.id}" to ${quoteText(toolId)}`, { callId: cut(callId), toolId: cut(toolId), reason: 'tool-switch' });
    }
    if (argsDelta === '') return;
    call.chars += argsDelta.length;
    if (call.blank && NOT_BLANK.test(argsDelta)) call.blank = false;
    const args = call.args;
    if (args === undefined) {
      // Under a limit shorter than the excerpt, the excerpt still grows to its length.
      if (call.excerpt.length < EXCERPT_CHARS) call.excerpt += argsDelta;
      call.reader?.write(argsDelta);
      return;
    }
    args.add(argsDelta);
    if (call.chars > this.streamParseChars) {
      // From now on the text is read as it streams: what came so far first, then each delta.
      const text = args.text();
      const reader = streamingArgumentsReader();
      reader.write(text);
      call.reader = reader;
      call.args = undefined;
      // The excerpt as a string of its own (a JSON round trip copies it, lone surrogates
      // included): a slice of the text would keep all of it.
      call.excerpt = JSON.parse(JSON.stringify(text.slice(0, EXCERPT_CHARS))) as string;
    }
  }

  /**
   * The proposals, in order, deep-frozen. Blank argument text means `{}`. Text that is not JSON,
   * or arguments failing the tool's schema, are refused with the schema issues; any call after a
   * `length` finish is refused as cut off.
   */
  finalize(finishReason: string): readonly ToolProposal[] {
    if (finishReason === 'length' && this.calls.size > 0) {
      throw toolCallError(this.stageId, 'args', 'the output hit the length limit while tool arguments were streaming; the arguments are cut off', {
        reason: 'length',
        callIds: [...this.calls.keys()].map(cut),
      });
    }
    const proposals: ToolProposal[] = [];
    for (const [callId, call] of this.calls) {
      proposals.push({ callId, toolId: call.tool.id, args: this.parse(callId, call) });
      // The value is the proposal's now: the text and the reader's state go.
      call.args = undefined;
      call.reader = undefined;
    }
    return deepFreeze(proposals);
  }

  private parse(callId: string, call: PendingCall): unknown {
    const toolId = call.tool.id;
    let args: unknown = {};
    if (!call.blank) {
      const { reader } = call;
      if (reader === undefined) {
        const text = (call.args as TextAccumulator).text();
        try {
          args = JSON.parse(text);
        } catch (error) {
          throw this.notJson(callId, call, errorMessage(error), text);
        }
      } else {
        reader.end();
        const { status, error } = reader;
        if (status !== 'complete') throw this.notJson(callId, call, error === undefined ? 'the text ends before its JSON value does' : `${error.message} at position ${error.offset}`, call.excerpt);
        args = reader.value();
      }
    }
    const issues = this.check(call.tool, args);
    if (issues.length > 0) {
      const first = issues[0] as { path: string; message: string };
      // Paths hold the model's own keys: cut like its ids.
      throw toolCallError(this.stageId, 'args', `tool "${toolId}" call ${quoteText(callId)}: arguments fail the schema at ${truncateText(first.path, 60) || '/'}: ${first.message}`, {
        callId: cut(callId),
        toolId,
        reason: 'schema',
        issues: issues.map(({ path, message }) => ({ path: cut(path), message })),
      });
    }
    return args;
  }

  /** `OUTPUT_INVALID` for arguments that are not JSON, quoting the start of `text`. */
  private notJson(callId: string, call: PendingCall, message: string, text: string): AgentCoreError {
    return toolCallError(this.stageId, 'args', `tool "${call.tool.id}" call ${quoteText(callId)}: arguments are not JSON (${message})`, {
      callId: cut(callId),
      toolId: call.tool.id,
      reason: 'json',
      issues: [{ path: '', message: `is not JSON (${message})` }],
      argsExcerpt: text.slice(0, EXCERPT_CHARS),
    });
  }

  private check(tool: CompiledTool, args: unknown): readonly { path: string; message: string }[] {
    try {
      if (tool.validator.check(args)) return [];
      const issues = tool.validator.issues(args);
      return issues.length > 0 ? issues : [{ path: '', message: 'does not match the schema' }];
    } catch (error) {
      return [{ path: '', message: `the schema check failed: ${errorMessage(error)}` }];
    }
  }
}

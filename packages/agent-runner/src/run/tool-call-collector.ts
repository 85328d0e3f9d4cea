import type { ToolProposal } from '@jangts/agent-types';
import { quoteText, truncateText } from '@jangts/agent-types/internal';
import { errorMessage } from '../error-message.js';
import { toolCallError } from '../errors.js';
import type { CompiledTool } from '../input/compile-tools.js';
import { deepFreeze } from '../input/deep-freeze.js';
import { TextAccumulator } from './text-accumulator.js';

/** A model-made id or path as `details` carry it: cut after 200 characters. */
function cut(id: string): string {
  return truncateText(id, 200);
}

/** Any character `String.prototype.trim` would keep: arguments of whitespace only are `{}`. */
const NOT_BLANK = /\S/;

interface PendingCall {
  readonly tool: CompiledTool;
  readonly args: TextAccumulator;
  /** No argument text but whitespace so far (blank arguments are `{}`). */
  blank: boolean;
}

/**
 * Accumulates tool-call argument deltas per call id, in order of first appearance, then turns
 * them into validated proposals. Every failure is `OUTPUT_INVALID` with JSON details.
 */
export class ToolCallCollector {
  private readonly calls = new Map<string, PendingCall>();

  constructor(
    private readonly stageId: string,
    private readonly tools: ReadonlyMap<string, CompiledTool>,
  ) {}

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
      call = { tool, args: new TextAccumulator(), blank: true };
      this.calls.set(callId, call);
    } else if (call.tool.id !== toolId) {
      throw toolCallError(this.stageId, 'toolId', `call ${quoteText(callId)} switched from tool "${call.tool.id}" to ${quoteText(toolId)}`, { callId: cut(callId), toolId: cut(toolId), reason: 'tool-switch' });
    }
    if (argsDelta === '') return;
    call.args.add(argsDelta);
    if (call.blank && NOT_BLANK.test(argsDelta)) call.blank = false;
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
    for (const [callId, call] of this.calls) proposals.push({ callId, toolId: call.tool.id, args: this.parse(callId, call) });
    return deepFreeze(proposals);
  }

  private parse(callId: string, call: PendingCall): unknown {
    const toolId = call.tool.id;
    let args: unknown = {};
    if (!call.blank) {
      const text = call.args.text();
      try {
        args = JSON.parse(text);
      } catch (error) {
        const message = errorMessage(error);
        throw toolCallError(this.stageId, 'args', `tool "${toolId}" call ${quoteText(callId)}: arguments are not JSON (${message})`, {
          callId: cut(callId),
          toolId,
          reason: 'json',
          issues: [{ path: '', message: `is not JSON (${message})` }],
          argsExcerpt: text.slice(0, 200),
        });
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

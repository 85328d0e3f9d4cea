import { type DiagnosticContext, type ModelMessage, type ProviderTool, type SubFlowLog } from '@jangts/agent-types';
import { detailValue, truncateText } from '@jangts/agent-types/internal';
import { compileTool, type CompiledTool } from './compile-tool.js';
import { assertDiagnosticContext } from './create-diagnostic-context.js';
import { inputInvalid } from './input-invalid.js';
import { isAbortSignal } from './is-abort-signal.js';
import { isPlainObject } from './is-plain-object.js';
import { normalizeInput } from './normalize-input.js';
import { readField, readingGuarded } from './reading-guarded.js';

/** A checked invoke request, ready to run. */
export interface NormalizedInvocation {
  readonly stageId: string;
  /**
   * The runner's own deep copy of the input messages. Each try sends its own copy of them (see
   * `Invocation`), so what a provider edits never reaches the next try.
   */
  readonly messages: readonly ModelMessage[];
  /** Total characters of the message contents and of the JSON text of assistant tool-call arguments. */
  readonly inputChars: number;
  /** Registered tools by id; empty for a plain-text stage. */
  readonly tools: ReadonlyMap<string, CompiledTool>;
  readonly toolIds: readonly string[];
  /**
   * The stage's tools as the provider receives them, in registration order. Shared with every call
   * of the same tool spec (compiled once per spec): each try sends its own copy.
   */
  readonly providerTools: readonly ProviderTool[];
  readonly signals: readonly AbortSignal[];
  readonly logger: SubFlowLog | undefined;
  readonly diagnostics: DiagnosticContext | undefined;
}

/** Stage ids: a letter, then letters, digits and `:._/-`; at most 128 characters. */
const STAGE_ID = /^[a-zA-Z][a-zA-Z0-9:._/-]{0,127}$/;
const REQUEST_FIELDS = new Set(['input', 'stageId', 'tools', 'signal', 'context']);

/**
 * Checks an invoke request and turns it into a {@link NormalizedInvocation}. Throws
 * `INPUT_INVALID` naming the field: unknown request fields, a bad input (see `normalizeInput`),
 * a stage id not matching `^[a-zA-Z][a-zA-Z0-9:._/-]{0,127}$`, a bad tool spec or duplicate tool
 * ids, a non-`AbortSignal` signal, a context without a signal, a logger without
 * `record`/`child`, an invalid diagnostic context. A getter or proxy that throws, or a value
 * nested too deeply to check, is `INPUT_INVALID` naming the field.
 */
export function normalizeInvokeRequest(request: unknown): NormalizedInvocation {
  return readingGuarded('INPUT_INVALID', 'request', () => normalize(request));
}


function normalize(request: unknown): NormalizedInvocation {
  if (!isPlainObject(request)) throw inputInvalid('request', 'must be an object { input, stageId, tools?, signal?, context? }');
  const unknown = Object.keys(request).find((key) => !REQUEST_FIELDS.has(key));
  if (unknown !== undefined) throw inputInvalid(truncateText(unknown, 60), 'is not an invoke request field (input, stageId, tools, signal, context)');
  const stageId = readField('INPUT_INVALID', request, 'stageId', 'stageId');
  if (typeof stageId !== 'string' || !STAGE_ID.test(stageId)) {
    throw inputInvalid('stageId', 'must match ^[a-zA-Z][a-zA-Z0-9:._/-]{0,127}$', { pattern: STAGE_ID.source, limit: 128, actual: detailValue(stageId) });
  }
  const input = readField('INPUT_INVALID', request, 'input', 'input');
  const messages = readingGuarded('INPUT_INVALID', 'input', () => normalizeInput(input));
  const tools = normalizeTools(readField('INPUT_INVALID', request, 'tools', 'tools'));
  const toolIds = [...tools.keys()];
  const signals: AbortSignal[] = [];
  const signal = readField('INPUT_INVALID', request, 'signal', 'signal');
  if (signal !== undefined) {
    if (!readingGuarded('INPUT_INVALID', 'signal', () => isAbortSignal(signal))) throw inputInvalid('signal', 'must be an AbortSignal');
    signals.push(signal as AbortSignal);
  }
  const { logger, diagnostics } = readingGuarded('INPUT_INVALID', 'context', () => readContext(readField('INPUT_INVALID', request, 'context', 'context'), signals));
  // What the model reads: every content, and the arguments of earlier tool calls as their JSON
  // text (as `outputChars` counted them when they were streamed).
  let inputChars = 0;
  for (const message of messages) {
    inputChars += message.content.length;
    if (message.role === 'assistant') for (const call of message.toolCalls ?? []) inputChars += JSON.stringify(call.args ?? {}).length;
  }
  const providerTools = toolIds.map((id) => (tools.get(id) as CompiledTool).providerTool);
  return {
    stageId,
    messages,
    inputChars,
    tools,
    toolIds,
    providerTools,
    signals,
    logger,
    diagnostics,
  };
}

function normalizeTools(tools: unknown): ReadonlyMap<string, CompiledTool> {
  const byId = new Map<string, CompiledTool>();
  if (tools === undefined) return byId;
  if (!Array.isArray(tools)) throw inputInvalid('tools', 'must be a list of tool specs');
  for (let index = 0; index < tools.length; index++) {
    const field = `tools[${index}]`;
    const tool = readingGuarded('INPUT_INVALID', field, () => compileTool(tools[index], field));
    if (byId.has(tool.id)) throw inputInvalid(`tools[${index}].id`, `duplicates tool id "${tool.id}"`);
    byId.set(tool.id, tool);
  }
  return byId;
}

function readContext(
  context: unknown,
  signals: AbortSignal[],
): { logger: SubFlowLog | undefined; diagnostics: DiagnosticContext | undefined } {
  if (context === undefined) return { logger: undefined, diagnostics: undefined };
  if (typeof context !== 'object' || context === null || Array.isArray(context)) {
    throw inputInvalid('context', 'must be an operation context { app, signal, logger?, diagnostics? }');
  }
  const signal = readField('INPUT_INVALID', context, 'signal', 'context.signal');
  if (!readingGuarded('INPUT_INVALID', 'context.signal', () => isAbortSignal(signal))) throw inputInvalid('context.signal', 'must be an AbortSignal');
  signals.push(signal as AbortSignal);
  const logger = readField('INPUT_INVALID', context, 'logger', 'context.logger');
  if (logger !== undefined && !readingGuarded('INPUT_INVALID', 'context.logger', () => isSubFlowLog(logger))) {
    throw inputInvalid('context.logger', 'must be a SubFlowLog with record and child');
  }
  const diagnostics = readField('INPUT_INVALID', context, 'diagnostics', 'context.diagnostics');
  if (diagnostics !== undefined) assertDiagnosticContext(diagnostics, 'context.diagnostics');
  return { logger: logger as SubFlowLog | undefined, diagnostics: diagnostics };
}

function isSubFlowLog(value: unknown): value is SubFlowLog {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SubFlowLog>;
  return typeof candidate.record === 'function' && typeof candidate.child === 'function';
}

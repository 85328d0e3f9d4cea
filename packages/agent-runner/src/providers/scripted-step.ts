import { AgentCoreError, ModelUsageSchema, type FinishReason, type JsonObject, type ModelUsage, type ProviderChunk, type ProviderRequest } from '@jangts/agent-types';
import { compileSchema, findNonJson, detailValue, truncateText } from '@jangts/agent-types/internal';
import { fieldPath } from '../field-path.js';
import { isPlainObject } from '../is-plain-object.js';

const usageValidator = compileSchema(ModelUsageSchema);

/** One scripted chunk: a bare string (a text delta) or a structured chunk. */
export type ScriptedChunk = string | ProviderChunk;

/** One scripted tool call of a {@link ScriptedReply}. */
export interface ScriptedToolCall {
  /** The tool's id. */
  readonly toolId: string;
  /** Arguments, streamed as their JSON text; default `{}`. */
  readonly args?: unknown;
  /** Raw argument text streamed instead of `args` (e.g. invalid JSON, or `''`); give one of the two. */
  readonly argsText?: string | undefined;
  /** Call id; default `call_<call>_<index>` (both counted from 1). */
  readonly callId?: string | undefined;
}

/** A well-formed reply: text, then tool calls, then one finish chunk. */
export interface ScriptedReply {
  readonly text?: string | undefined;
  readonly toolCalls?: readonly ScriptedToolCall[] | undefined;
  /** Finish reason; default `tool-calls` when there are tool calls, else `stop`. */
  readonly finish?: FinishReason | undefined;
  readonly usage?: ModelUsage | undefined;
  /** Stream text and argument text in pieces of this many characters (surrogate pairs kept whole); default one piece each. */
  readonly chunkSize?: number | undefined;
}

/** A failing call: yields `after` (default nothing), then throws `error` as is. */
export interface ScriptedFailure {
  readonly error: unknown;
  readonly after?: readonly ScriptedChunk[] | undefined;
}

/**
 * What one model call replays: a string (one text reply, then finish `stop`), a list of chunks
 * (replayed exactly: no finish is added and nothing is checked, so a script can also simulate a
 * broken provider), a {@link ScriptedReply}, or a {@link ScriptedFailure}.
 */
export type ScriptedReplay = string | readonly ScriptedChunk[] | ScriptedReply | ScriptedFailure;

/** One step: a {@link ScriptedReplay}, or a function of the request and the 1-based call number returning one. */
export type ScriptedStep = ScriptedReplay | ((request: ProviderRequest, call: number) => ScriptedReplay);

/** A step expanded into what the call yields and, for a failure, what it then throws. */
export interface ScriptedPlan {
  readonly chunks: readonly ScriptedChunk[];
  readonly failure?: { readonly error: unknown };
}

const FINISH_REASONS = new Set(['stop', 'tool-calls', 'length', 'content-filter', 'other']);
const REPLY_FIELDS = new Set(['text', 'toolCalls', 'finish', 'usage', 'chunkSize']);
const CALL_FIELDS = new Set(['toolId', 'args', 'argsText', 'callId']);

/** Throws `CONFIG_INVALID` naming `field` unless `step` is a {@link ScriptedStep}. */
export function assertScriptedStep(step: unknown, field: string): asserts step is ScriptedStep {
  if (typeof step === 'string' || typeof step === 'function' || Array.isArray(step)) return;
  if (!isPlainObject(step)) throw scriptedConfigInvalid(field, 'must be a string, a list of chunks, a reply, a failure { error } or a function');
  if ('error' in step) {
    const unknown = Object.keys(step).find((key) => key !== 'error' && key !== 'after');
    if (unknown !== undefined) throw scriptedConfigInvalid(`${field}.${truncateText(unknown, 60)}`, 'is not a failure field (error, after)');
    if (step.after !== undefined && !Array.isArray(step.after)) throw scriptedConfigInvalid(`${field}.after`, 'must be a list of chunks');
    return;
  }
  assertReply(step, field);
}

/** `usage` as `ModelUsageSchema` has it, and nothing else: a plain object of the two counts (a `Date` passes the schema). */
function assertUsage(usage: unknown, field: string): void {
  const plain = isPlainObject(usage);
  const unknown = plain ? Object.keys(usage).find((key) => key !== 'inputTokens' && key !== 'outputTokens') : undefined;
  if (unknown !== undefined) throw scriptedConfigInvalid(`${field}.${truncateText(unknown, 60)}`, 'is not a usage field (inputTokens, outputTokens)');
  if (!plain || !usageValidator.check(usage)) throw scriptedConfigInvalid(field, 'must be { inputTokens?, outputTokens? } of non-negative integers');
}

function assertReply(step: Record<string, unknown>, field: string): void {
  const unknown = Object.keys(step).find((key) => !REPLY_FIELDS.has(key));
  if (unknown !== undefined) throw scriptedConfigInvalid(`${field}.${truncateText(unknown, 60)}`, 'is not a reply field (text, toolCalls, finish, usage, chunkSize)');
  if (step.text !== undefined && typeof step.text !== 'string') throw scriptedConfigInvalid(`${field}.text`, 'must be a string');
  if (step.finish !== undefined && !FINISH_REASONS.has(step.finish as string)) throw scriptedConfigInvalid(`${field}.finish`, 'must be a finish reason');
  if (step.usage !== undefined) assertUsage(step.usage, `${field}.usage`);
  const { chunkSize } = step;
  if (chunkSize !== undefined && (typeof chunkSize !== 'number' || !Number.isSafeInteger(chunkSize) || chunkSize < 1)) {
    throw scriptedConfigInvalid(`${field}.chunkSize`, 'must be a positive integer', { minimum: 1, limit: Number.MAX_SAFE_INTEGER, actual: detailValue(chunkSize) });
  }
  if (step.toolCalls === undefined) return;
  if (!Array.isArray(step.toolCalls)) throw scriptedConfigInvalid(`${field}.toolCalls`, 'must be a list of tool calls');
  step.toolCalls.forEach((call: unknown, index) => {
    assertToolCall(call, `${field}.toolCalls[${index}]`);
  });
}

function assertToolCall(call: unknown, field: string): void {
  if (!isPlainObject(call)) throw scriptedConfigInvalid(field, 'must be { toolId, args?, argsText?, callId? }');
  const unknown = Object.keys(call).find((key) => !CALL_FIELDS.has(key));
  if (unknown !== undefined) throw scriptedConfigInvalid(`${field}.${truncateText(unknown, 60)}`, 'is not a tool call field (toolId, args, argsText, callId)');
  if (typeof call.toolId !== 'string') throw scriptedConfigInvalid(`${field}.toolId`, 'must be a string');
  if (call.callId !== undefined && typeof call.callId !== 'string') throw scriptedConfigInvalid(`${field}.callId`, 'must be a string');
  if (call.argsText !== undefined && typeof call.argsText !== 'string') throw scriptedConfigInvalid(`${field}.argsText`, 'must be a string');
  if (call.argsText !== undefined && call.args !== undefined) throw scriptedConfigInvalid(`${field}.argsText`, 'and args are two ways to give the arguments: give one');
  const nonJson = call.args === undefined ? undefined : findNonJson(call.args);
  if (nonJson !== undefined) throw scriptedConfigInvalid(fieldPath(`${field}.args`, nonJson), 'is not JSON');
}

/** Expands a checked replay into its chunks (and failure) for call number `call`. */
export function planScriptedStep(step: ScriptedReplay, call: number): ScriptedPlan {
  if (typeof step === 'string') return { chunks: [step, { type: 'finish', reason: 'stop' }] };
  if (isChunkList(step)) return { chunks: step };
  if ('error' in step) return { chunks: step.after ?? [], failure: { error: step.error } };
  const size = step.chunkSize ?? Number.POSITIVE_INFINITY;
  const chunks: ScriptedChunk[] = step.text === undefined || step.text === '' ? [] : split(step.text, size);
  const calls = step.toolCalls ?? [];
  calls.forEach((toolCall, index) => {
    const callId = toolCall.callId ?? `call_${call}_${index + 1}`;
    const argsText = toolCall.argsText ?? JSON.stringify(toolCall.args ?? {});
    const pieces = argsText === '' ? [''] : split(argsText, size);
    for (const argsDelta of pieces) chunks.push({ type: 'tool-call', callId, toolId: toolCall.toolId, argsDelta });
  });
  const reason = step.finish ?? (calls.length > 0 ? 'tool-calls' : 'stop');
  chunks.push(step.usage === undefined ? { type: 'finish', reason } : { type: 'finish', reason, usage: step.usage });
  return { chunks };
}

function isChunkList(step: unknown): step is readonly ScriptedChunk[] {
  return Array.isArray(step);
}

/** Splits `text` into pieces of `size` UTF-16 units, never between the halves of a surrogate pair. */
function split(text: string, size: number): string[] {
  if (text.length <= size) return [text];
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** `CONFIG_INVALID` naming a field of the scripted provider's steps or options (and `extra` details: the range and value). */
export function scriptedConfigInvalid(field: string, message: string, extra: JsonObject = {}): AgentCoreError {
  return new AgentCoreError('CONFIG_INVALID', `scripted provider: ${field} ${message}`, { details: { field, ...extra } });
}

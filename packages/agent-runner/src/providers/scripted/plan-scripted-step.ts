import type { ScriptedChunk, ScriptedReplay, ScriptedReply } from './scripted-step-schema.js';

/** A step expanded into what the call yields and, for a failure, what it then throws. */
export interface ScriptedPlan {
  readonly chunks: readonly ScriptedChunk[];
  readonly failure?: { readonly error: unknown };
}

/** Expands a replay its door read into its chunks (and failure) for call number `call`. */
export function planScriptedStep(step: ScriptedReplay, call: number): ScriptedPlan {
  if (typeof step === 'string') return { chunks: [step, { type: 'finish', reason: 'stop' }] };
  if (Array.isArray(step)) return { chunks: step as readonly ScriptedChunk[] };
  if ('error' in step) return { chunks: step.after ?? [], failure: { error: step.error } };
  const reply = step as ScriptedReply;
  const size = reply.chunkSize ?? Number.POSITIVE_INFINITY;
  const chunks: ScriptedChunk[] = reply.text === undefined || reply.text === '' ? [] : split(reply.text, size);
  const calls = reply.toolCalls ?? [];
  calls.forEach((toolCall, index) => {
    const callId = toolCall.callId ?? `call_${call}_${index + 1}`;
    const argsText = toolCall.argsText ?? JSON.stringify(toolCall.args ?? {});
    const pieces = argsText === '' ? [''] : split(argsText, size);
    for (const argsDelta of pieces) chunks.push({ type: 'tool-call', callId, toolId: toolCall.toolId, argsDelta });
  });
  const reason = reply.finish ?? (calls.length > 0 ? 'tool-calls' : 'stop');
  chunks.push(reply.usage === undefined ? { type: 'finish', reason } : { type: 'finish', reason, usage: reply.usage });
  return { chunks };
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

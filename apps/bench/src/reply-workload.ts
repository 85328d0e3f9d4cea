import type { OutputEvent, ToolSpec } from '@jangts/agent-runner';
import { Type } from 'typebox';

/*
 * The streamed tool-call arguments the preview benches read: a `reply` call whose JSON arguments
 * hold a long `answer` and a list of `bubbles`, or a file-write call. Sizes and chunk lengths are
 * in UTF-16 code units (JavaScript string length): "1 MiB" is 1,048,576 of them.
 */

/** 1,048,576 UTF-16 code units. */
export const MiB = 1024 * 1024;
/** 1,024 UTF-16 code units. */
export const KiB = 1024;

/** `1 MiB`, `64 KiB`: a size in code units as a label. */
export function sizeLabel(chars: number): string {
  return chars >= MiB ? `${chars / MiB} MiB` : `${chars / KiB} KiB`;
}

/**
 * A markdown answer mixing English, Chinese and emoji, with the escapes such text needs in JSON
 * (quotes, newlines, a backslash): about 30 escapes per 1,000 JSON characters.
 */
const PARAGRAPH =
  '## 回答 Answer\n\nThe preview streams the "answer" field while the model is still writing it, so the user sees text at once. ' +
  '预览会在模型生成答案的同时逐步显示内容，用户无需等待整段完成；引号、换行和 emoji 😀 都会正确解码，路径 C:\\temp 也一样。\n\n' +
  '- 第一点：气泡按流的顺序出现。\n- Second: nothing is re-parsed from the start.\n';

const CODE_LINE = [
  'export function renderRow(row: Row, index: number): string {',
  '  const label = row.label ?? `row ${index}`; // "quoted" label',
  "  return `<li data-index=\"${index}\">${escapeHtml(label)}</li>\\n`;",
  '}',
  '',
  "const pattern = /\\\\d+\\.\\\\d+/g; // matches 1.5, 10.25 — 中文注释",
  '',
].join('\n');

function repeatTo(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length) + 1).slice(0, Math.max(0, length));
}

/** `{ answer, bubbles }` of `size` JSON characters: the answer long, 1,000 bubbles per MiB. */
export function replyArguments(size: number): string {
  const bubbleCount = Math.max(2, Math.round((1000 * size) / MiB));
  const bubbleLength = Math.max(8, Math.floor((size * 0.15) / bubbleCount / 1.1));
  const bubbles = Array.from({ length: bubbleCount }, (_, index) => `${index}. ${repeatTo(PARAGRAPH.slice(index % 40), bubbleLength)}`);
  const withoutAnswer = JSON.stringify({ answer: '', bubbles }).length;
  let answer = repeatTo(PARAGRAPH, Math.floor((size - withoutAnswer) / 1.1));
  let text = JSON.stringify({ answer, bubbles });
  // Top the answer up with plain text to land on the size exactly.
  if (text.length < size) {
    answer += repeatTo('abcdefghij', size - text.length);
    text = JSON.stringify({ answer, bubbles });
  }
  return text;
}

/** A file-write call: `{ path, content }` of about `size` JSON characters of source code. */
export function fileWriteArguments(size: number): string {
  const withoutContent = JSON.stringify({ path: 'src/components/table-row.tsx', content: '' }).length;
  let content = repeatTo(CODE_LINE, Math.floor((size - withoutContent) / 1.12));
  let text = JSON.stringify({ path: 'src/components/table-row.tsx', content });
  if (text.length < size) {
    content += repeatTo('abcdefghij', size - text.length);
    text = JSON.stringify({ path: 'src/components/table-row.tsx', content });
  }
  return text;
}

/**
 * `text` as deltas of `size` code units, one at a time. Each delta is decoded from its own JSON
 * string literal, as a provider decodes it from an SSE event, so it is a fresh flat string rather
 * than a slice keeping the whole text alive.
 */
export function* freshChunks(text: string, size: number): Generator<string> {
  for (let start = 0; start < text.length; start += size) yield JSON.parse(JSON.stringify(text.slice(start, start + size))) as string;
}

/** Every delta of {@link freshChunks}, in a list. */
export function chunk(text: string, size: number): string[] {
  return [...freshChunks(text, size)];
}

/** The preview paths of the `reply` arguments: the answer, then each bubble. */
export const REPLY_PATHS: readonly (readonly string[])[] = [['answer'], ['bubbles', '*']];

/** The `reply` tool whose arguments {@link replyArguments} builds. */
export const REPLY_TOOL: ToolSpec = {
  id: 'reply',
  description: 'Reply to the user',
  parameters: Type.Object({ answer: Type.String(), bubbles: Type.Optional(Type.Array(Type.String())) }),
};

/** The output events of one `reply` call streaming `deltas`, as the runner hands them to its sink. */
export function* replyEvents(deltas: Iterable<string>): Generator<OutputEvent> {
  yield { type: 'stage-start', stageId: 'reply', mode: 'tools', toolIds: ['reply'] };
  for (const argsDelta of deltas) yield { type: 'tool-call-delta', stageId: 'reply', callId: 'call-1', toolId: 'reply', argsDelta };
  yield { type: 'stage-end', stageId: 'reply', ok: true };
}

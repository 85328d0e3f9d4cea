import { createPartialJsonReader, createReplyPreview } from '@jangts/agent-preview';
const PARAGRAPH =
  'The preview shows "partial" answers as they stream — 预览会在模型输出时逐步显示答案，包括引号、反斜杠 \\ 和换行。\n' +
  'Tabs\tand emoji 😀🚀 travel too; C:\\path\\to\\file stays intact. 「你好，世界」是常见的第一句话。\n';
const bubbles = Array.from({ length: 1000 }, (_, i) => `${i}. ${PARAGRAPH.repeat(2).slice(i % 40, 140)}`);
const text = JSON.stringify({ answer: PARAGRAPH.repeat(4500), bubbles });
const chunks: string[] = [];
for (let s = 0; s < text.length; s += 16) chunks.push(text.slice(s, s + 16));
const mode = process.argv[2] ?? 'reader';
const events = [{ type: 'stage-start', stageId: 'r', mode: 'tools', toolIds: ['reply'] }, ...chunks.map((argsDelta) => ({ type: 'tool-call-delta', stageId: 'r', callId: 'c', toolId: 'reply', argsDelta })), { type: 'stage-end', stageId: 'r', ok: true }] as const;
const times: number[] = [];
const parseTimes: number[] = [];
for (let k = 0; k < 40; k++) {
  let t = performance.now();
  JSON.parse(text);
  parseTimes.push(performance.now() - t);
  t = performance.now();
  if (mode === 'reader') { const r = createPartialJsonReader({ paths: [['answer'], ['bubbles', '*']], value: false }); for (const c of chunks) r.write(c); }
  else if (mode === 'value') { const r = createPartialJsonReader(); for (const c of chunks) r.write(c); r.value(); }
  else { const p = createReplyPreview({ rules: [{ toolId: 'reply', paths: [['answer'], ['bubbles', '*']] }], sink: () => {} }); for (const e of events) p.write(e as any); }
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b); parseTimes.sort((a, b) => a - b);
console.log(mode, text.length, 'median', times[20].toFixed(2), 'min', times[0].toFixed(2), 'parse median', parseTimes[20].toFixed(2), 'ratio', (times[20] / parseTimes[20]).toFixed(1));

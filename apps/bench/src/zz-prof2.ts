import { createPartialJsonReader } from '@jangts/agent-preview';
const PARAGRAPH =
  'The preview shows "partial" answers as they stream — 预览会在模型输出时逐步显示答案，包括引号、反斜杠 \\ 和换行。\n' +
  'Tabs\tand emoji 😀🚀 travel too; C:\\path\\to\\file stays intact. 「你好，世界」是常见的第一句话。\n';
const bubbles = Array.from({ length: 1000 }, (_, i) => `${i}. ${PARAGRAPH.repeat(2).slice(i % 40, 140)}`);
const text = JSON.stringify({ answer: PARAGRAPH.repeat(4500), bubbles });
const chunks: string[] = [];
for (let s = 0; s < text.length; s += 16) chunks.push(text.slice(s, s + 16));
const subjects: Record<string, () => unknown> = {
  parse: () => JSON.parse(text),
  scanOnly: () => { const r = createPartialJsonReader({ paths: [], value: false }); for (const c of chunks) r.write(c); },
  paths: () => { const r = createPartialJsonReader({ paths: [['answer'], ['bubbles', '*']], value: false }); for (const c of chunks) r.write(c); },
  oneChunkPaths: () => { const r = createPartialJsonReader({ paths: [['answer'], ['bubbles', '*']], value: false }); r.write(text); },
  value: () => { const r = createPartialJsonReader({ paths: [] }); for (const c of chunks) r.write(c); return r.value(); },
};
const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(subjects);
const times: Record<string, number[]> = {};
for (let k = 0; k < 80; k++) for (const n of names) { const t = process.cpuUsage(); subjects[n]!(); const d = process.cpuUsage(t); (times[n] ??= []).push((d.user + d.system) / 1000); }
for (const n of names) { const ts = times[n]!.sort((a, b) => a - b); console.log(n.padEnd(14), 'median', ts[40]!.toFixed(2), 'min', ts[0]!.toFixed(2)); }

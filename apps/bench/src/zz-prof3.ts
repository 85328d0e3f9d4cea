import { createPartialJsonReader } from '@jangts/agent-preview';
const P1 =
  'The preview shows "partial" answers as they stream — 预览会在模型输出时逐步显示答案，包括引号、反斜杠 \\ 和换行。\n' +
  'Tabs\tand emoji 😀🚀 travel too; C:\\path\\to\\file stays intact. 「你好，世界」是常见的第一句话。\n';
const P2 = 'The preview shows partial answers as they stream and plain text only with no escapes at all in it, ok. ';
function make(p: string) {
  const bubbles = Array.from({ length: 1000 }, (_, i) => `${i}. ${p.repeat(2).slice(i % 40, 140)}`);
  const text = JSON.stringify({ answer: p.repeat(Math.floor(900000 / p.length)), bubbles });
  const chunks: string[] = [];
  for (let s = 0; s < text.length; s += 16) chunks.push(JSON.parse(JSON.stringify(text.slice(s, s + 16))));
  return { text, chunks };
}
const d1 = make(P1), d2 = make(P2);
const paths = [['answer'], ['bubbles', '*']];
const subjects: Record<string, () => unknown> = {
  parse1: () => JSON.parse(d1.text),
  parse2: () => JSON.parse(d2.text),
  scan1: () => { const r = createPartialJsonReader({ paths: [], value: false }); for (const c of d1.chunks) r.write(c); },
  scan2: () => { const r = createPartialJsonReader({ paths: [], value: false }); for (const c of d2.chunks) r.write(c); },
  paths1: () => { const r = createPartialJsonReader({ paths, value: false }); for (const c of d1.chunks) r.write(c); },
  paths2: () => { const r = createPartialJsonReader({ paths, value: false }); for (const c of d2.chunks) r.write(c); },
};
const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(subjects);
const times: Record<string, number[]> = {};
for (let k = 0; k < 60; k++) for (const n of names) { const t = process.cpuUsage(); subjects[n]!(); const d = process.cpuUsage(t); (times[n] ??= []).push((d.user + d.system) / 1000); }
for (const n of names) { const ts = times[n]!.sort((a, b) => a - b); console.log(n.padEnd(14), 'median', ts[30]!.toFixed(2), 'min', ts[0]!.toFixed(2)); }

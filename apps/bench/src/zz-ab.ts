const A = await import('/tmp/pb/base.js');
const B = await import('../../../packages/agent-preview/dist/index.js');
const P = '## 回答 Answer\n\nThe preview streams the "answer" field while the model is still writing it, so the user sees text at once. 预览会在模型生成答案的同时逐步显示内容，用户无需等待整段完成；引号、换行和 emoji 😀 都会正确解码，路径 C:\\temp 也一样。\n\n- 第一点：气泡按流的顺序出现。\n- Second: nothing is re-parsed from the start.\n';
const bubbles = Array.from({ length: 1000 }, (_, i) => `${i}. ${P.repeat(2).slice(i % 40, 140)}`);
const text = JSON.stringify({ answer: P.repeat(Math.floor(900000 / P.length)), bubbles });
const chunks: string[] = [];
for (let s = 0; s < text.length; s += 16) chunks.push(JSON.parse(JSON.stringify(text.slice(s, s + 16))));
const paths = [['answer'], ['bubbles', '*']];
const mk = (M: any) => () => { const r = M.createPartialJsonReader({ paths, value: false }); for (const c of chunks) r.write(c); };
const subjects: Record<string, () => unknown> = { parse: () => JSON.parse(text), A: mk(A), B: mk(B) };
const times: Record<string, number[]> = {};
for (let k = 0; k < 100; k++) for (const n of Object.keys(subjects)) { const t = process.cpuUsage(); subjects[n]!(); const d = process.cpuUsage(t); (times[n] ??= []).push((d.user + d.system) / 1000); }
for (const n of Object.keys(subjects)) { const ts = times[n]!.sort((a, b) => a - b); console.log(n.padEnd(8), 'p10', ts[10]!.toFixed(2), 'median', ts[50]!.toFixed(2), 'min', ts[0]!.toFixed(2)); }

const PARAGRAPH =
  'The preview shows "partial" answers as they stream — 预览会在模型输出时逐步显示答案，包括引号、反斜杠 \\ 和换行。\n' +
  'Tabs\tand emoji 😀🚀 travel too; C:\\path\\to\\file stays intact. 「你好，世界」是常见的第一句话。\n';
const bubbles = Array.from({ length: 1000 }, (_, i) => `${i}. ${PARAGRAPH.repeat(2).slice(i % 40, 140)}`);
const text = JSON.stringify({ answer: PARAGRAPH.repeat(4500), bubbles });
const sliced: string[] = [];
for (let s = 0; s < text.length; s += 16) sliced.push(text.slice(s, s + 16));
const flat = sliced.map((c) => JSON.parse(JSON.stringify(c)) as string);
class Scanner { n = 0; text = ''; write(c: string) { const len = c.length; let i = 0; let n = this.n; while (i < len) { const code = c.charCodeAt(i); if (code > 0x5c || (code !== 0x22 && code !== 0x5c && code >= 0x20)) i++; else { n++; i++; } } this.n = n; } }
class Appender { text = ''; write(c: string) { this.text += c; return [{ value: this.text }]; } }
const re = /[^"\\\u0000-\u001f]*/y;
class RegexScanner { n = 0; write(c: string) { let i = 0; const len = c.length; while (i < len) { re.lastIndex = i; re.test(c); i = re.lastIndex + 1; this.n++; } } }
const subjects: Record<string, () => unknown> = {
  parse: () => JSON.parse(text),
  loopSliced: () => { const s = new Scanner(); for (const c of sliced) s.write(c); return s.n; },
  loopFlat: () => { const s = new Scanner(); for (const c of flat) s.write(c); return s.n; },
  regexFlat: () => { const s = new RegexScanner(); for (const c of flat) s.write(c); return s.n; },
  regexWhole: () => { const s = new RegexScanner(); s.write(text); return s.n; },
  appendFlat: () => { const s = new Appender(); for (const c of flat) s.write(c); return s.text.length; },
};
const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(subjects);
const times: Record<string, number[]> = {};
for (let k = 0; k < 60; k++) for (const n of names) { const t = process.cpuUsage(); subjects[n]!(); const d = process.cpuUsage(t); (times[n] ??= []).push((d.user + d.system) / 1000); }
for (const n of names) { const ts = times[n]!.sort((a, b) => a - b); console.log(n.padEnd(14), 'median', ts[30]!.toFixed(2), 'min', ts[0]!.toFixed(2)); }

const PARAGRAPH = 'The preview shows "partial" answers as they stream — 预览会在模型输出时逐步显示答案，包括引号、反斜杠 \\ 和换行。\nTabs\tand emoji 😀🚀 travel too; C:\\path\\to\\file stays intact. 「你好，世界」是常见的第一句话。\n';
const raw = JSON.stringify(PARAGRAPH.repeat(5000)).slice(1, -1);
// cut into 16-unit segments that do not split escapes
const segs: string[] = [];
let i = 0;
while (i < raw.length) { let e = Math.min(raw.length, i + 16); for (let k = e - 6; k < e; k++) { if (raw[k] === '\\') { const w = raw[k + 1] === 'u' ? 6 : 2; if (k + w > e) { e = k; break; } k += w - 1; } } if (e === i) e = i + 6; segs.push(JSON.parse(JSON.stringify(raw.slice(i, e)))); i = e; }
const ESC: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
function manual(seg: string): string {
  let out = ''; let run = 0; let p = 0;
  while (p < seg.length) { const c = seg.charCodeAt(p); if (c !== 0x5c) { p++; continue; } const k = seg[p + 1]!; let d: string; let w = 2; if (k === 'u') { d = String.fromCharCode(parseInt(seg.slice(p + 2, p + 6), 16)); w = 6; } else d = ESC[k]!; out += run < p ? seg.slice(run, p) + d : d; p += w; run = p; }
  return run === 0 ? seg : out + seg.slice(run);
}
const buf: number[] = [];
const HEX = (c: number) => (c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57);
const UNITS: number[] = []; for (const [k, v] of Object.entries(ESC)) UNITS[k.charCodeAt(0)] = v.charCodeAt(0);
function viaCodes(seg: string): string {
  const first = seg.indexOf('\\'); if (first < 0) return seg;
  let n = 0; let p = 0; const len = seg.length;
  while (p < len) { const c = seg.charCodeAt(p); if (c !== 0x5c) { buf[n++] = c; p++; continue; } const k = seg.charCodeAt(p + 1); if (k === 0x75) { buf[n++] = (HEX(seg.charCodeAt(p + 2)) << 12) | (HEX(seg.charCodeAt(p + 3)) << 8) | (HEX(seg.charCodeAt(p + 4)) << 4) | HEX(seg.charCodeAt(p + 5)); p += 6; } else { buf[n++] = UNITS[k]!; p += 2; } }
  buf.length = n;
  return String.fromCharCode.apply(null, buf);
}
function viaCodesHybrid(seg: string): string {
  const first = seg.indexOf('\\'); if (first < 0) return seg;
  let out = first > 0 ? seg.slice(0, first) : ''; let n = 0; let p = first; const len = seg.length;
  while (p < len) { const c = seg.charCodeAt(p); if (c !== 0x5c) { buf[n++] = c; p++; continue; } const k = seg.charCodeAt(p + 1); if (k === 0x75) { buf[n++] = (HEX(seg.charCodeAt(p + 2)) << 12) | (HEX(seg.charCodeAt(p + 3)) << 8) | (HEX(seg.charCodeAt(p + 4)) << 4) | HEX(seg.charCodeAt(p + 5)); p += 6; } else { buf[n++] = UNITS[k]!; p += 2; } }
  buf.length = n;
  return out + String.fromCharCode.apply(null, buf);
}
function viaParse(seg: string): string { return seg.indexOf('\\') < 0 ? seg : JSON.parse('"' + seg + '"'); }
const subjects: Record<string, () => unknown> = {
  manual: () => { let t = ''; for (const s of segs) t += manual(s); return t.length; },
  viaParse: () => { let t = ''; for (const s of segs) t += viaParse(s); return t.length; },
  viaCodes: () => { let t = ''; for (const s of segs) t += viaCodes(s); return t.length; },
  viaCodesHybrid: () => { let t = ''; for (const s of segs) t += viaCodesHybrid(s); return t.length; },
  concatOnly: () => { let t = ''; for (const s of segs) t += s; return t.length; },
};
const names = Object.keys(subjects);
const times: Record<string, number[]> = {};
for (let k = 0; k < 60; k++) for (const n of names) { const t = process.cpuUsage(); subjects[n]!(); const d = process.cpuUsage(t); (times[n] ??= []).push((d.user + d.system) / 1000); }
console.log(segs.length, 'segments');
for (const n of names) { const ts = times[n]!.sort((a, b) => a - b); console.log(n.padEnd(14), 'median', ts[30]!.toFixed(2), 'min', ts[0]!.toFixed(2)); }

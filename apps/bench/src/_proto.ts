import { createPartialJsonReader } from '@jangts/agent-preview';
import { chunk, replyArguments, REPLY_PATHS } from './reply-workload.js';
import { measureInterleaved, quartiles } from './harness.js';
const big = chunk(replyArguments(4 * 1024 * 1024), 16); // ballast like the other workloads
const chunks = chunk(replyArguments(16384), 16);
const run = () => { const r = createPartialJsonReader({ paths: REPLY_PATHS, value: false }); for (const c of chunks) r.write(c); };
const [m] = await measureInterleaved([{ name: 'r', run }], { warmup: 3, rounds: 15, minSampleMs: 10 });
const q = quartiles(m!.cpu); const w = quartiles(m!.wall);
console.log(process.execArgv.filter(a => a.includes('gc')).join(' '), 'cpu', q.median.toFixed(3), q.low.toFixed(3), q.high.toFixed(3), 'wall', w.median.toFixed(3), 'repeat', m!.repeat, big.length);

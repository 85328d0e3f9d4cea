import type { Bench } from './bench-result.js';
import { coldImport } from './cold-import.js';
import { contextAssembly } from './context-assembly.js';
import { historyCost } from './history-cost.js';
import { logStore } from './log-store.js';
import { previewThroughRunner } from './preview-through-runner.js';
import { providerParse } from './provider-parse.js';
import { reflectionOverhead } from './reflection-overhead.js';
import { replyPreview } from './reply-preview.js';
import { runnerOverhead } from './runner-overhead.js';
import { streamMemory } from './stream-memory.js';
import { traceStores } from './trace-stores.js';
import { turnOverhead } from './turn-overhead.js';

/** Every benchmark of the library by name, in the order `pnpm bench` runs them. */
export const BENCHES: Readonly<Record<string, Bench>> = {
  'reply-preview': replyPreview,
  'preview-through-runner': previewThroughRunner,
  'stream-memory': streamMemory,
  'history-cost': historyCost,
  'runner-overhead': runnerOverhead,
  'cold-import': coldImport,
  'provider-parse': providerParse,
  'context-assembly': contextAssembly,
  'log-store': logStore,
  'trace-stores': traceStores,
  'reflection-overhead': reflectionOverhead,
  'turn-overhead': turnOverhead,
};

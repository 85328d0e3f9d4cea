import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { describeTraceStoreConformance, type RecordDamage, type TraceStoreSubject } from '../conformance/index.js';
import type { TraceStore } from '../trace-store.js';
import { createFileLogStore } from './create-file-log-store.js';
import { runLogStoreChild } from './testing/run-log-store-child.js';
import { traceFileName } from './trace-file-name.js';

/** A file store over a fresh temporary directory, and that directory. */
interface FileStoreSubject extends TraceStoreSubject {
  readonly directory: string;
}

async function fileStoreSubject(): Promise<FileStoreSubject> {
  const directory = await mkdtemp(join(tmpdir(), 'agent-trace-conformance-'));
  const stores: TraceStore[] = [];
  const open = (): TraceStore => {
    const store = createFileLogStore({ directory });
    stores.push(store);
    return store;
  };
  return {
    directory,
    store: open(),
    reopen: async () => open(),
    async dispose() {
      await Promise.allSettled(stores.map((store) => store.close()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Rewrites the line of `traceId`'s file holding record `seq` (or drops it, when `edit` gives `undefined`). */
async function editLine(directory: string, traceId: string, seq: number, edit: (line: string) => string | undefined): Promise<void> {
  const file = join(directory, traceFileName(traceId));
  const lines = (await readFile(file, 'utf8')).split('\n');
  const index = lines.findIndex((line) => line.includes(`"seq":${seq},`));
  if (index === -1) throw new Error(`no record ${seq} in ${file}`);
  const edited = edit(lines[index] as string);
  if (edited === undefined) lines.splice(index, 1);
  else lines[index] = edited;
  await writeFile(file, lines.join('\n'));
}

const damages: Record<RecordDamage, (line: string, seq: number) => string | undefined> = {
  json: (line) => line.replace('"type":', '"type"='),
  seq: (line, seq) => line.replace(`"seq":${seq},`, `"seq":${seq + 1},`),
  trace: (line) => line.replace(/"traceId":"[^"]*"/, '"traceId":"another-trace"'),
  remove: () => undefined,
  data: (line) => line.replace(/"data":\{[^}]*\}/, '"data":[1,2]'),
};

describeTraceStoreConformance<FileStoreSubject>({
  name: 'createFileLogStore',
  describe,
  it,
  subject: fileStoreSubject,
  // What a process killed in the middle of an append leaves: the start of a line.
  tearLastWrite: (subject, traceId) => appendFile(join(subject.directory, traceFileName(traceId)), `{"traceId":"${traceId}","flowId":"AAAAAAAAAAAA","se`),
  async crashWriter(subject, { traceId, flushed, unflushed }) {
    const result = await runLogStoreChild({ directory: subject.directory, traceId, writer: 'crashed', records: flushed, unflushed, mode: 'crash' });
    if (result.code !== null || result.stderr !== '') throw new Error(`the crashing writer did not die by SIGKILL: ${result.code} ${result.stderr}`);
  },
  async writeFromProcesses(subject, { traceId, writers, records }) {
    const results = await Promise.all(
      Array.from({ length: writers }, (_, writer) => runLogStoreChild({ directory: subject.directory, traceId, writer: `writer-${writer}`, records, mode: 'append' })),
    );
    for (const result of results) if (result.code !== 0) throw new Error(`a writer failed: ${result.code} ${result.stderr}`);
  },
  corruption: {
    damages: ['json', 'seq', 'trace', 'remove', 'data'],
    corrupt: (subject, traceId, seq, damage) => editLine(subject.directory, traceId, seq, (line) => damages[damage](line, seq)),
  },
});

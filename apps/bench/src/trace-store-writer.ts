/**
 * One writer process of the `trace-stores` benchmark: it sets up (a pool and a store, or a
 * connection), prints `ready`, waits for a line on stdin, records its share of the trace and
 * flushes, then prints `done` and exits. The parent times from the go to the last `done`, so
 * process start-up is not counted.
 */
import { once } from 'node:events';
import { createFileLogStore } from '@jangts/agent-trace/file';
import { createPostgresTraceStore } from '@jangts/agent-trace/postgres';
import type { SubFlowLog } from '@jangts/agent-types';
import pg from 'pg';
import type { TraceStore } from '@jangts/agent-trace';

/** What one writer does. */
export interface WriterCommand {
  /** `postgres` / `file`: through the store; `postgres-floor`: the same rows by a bare `INSERT … unnest` with the seq given. */
  readonly subject: 'postgres' | 'file' | 'postgres-floor';
  readonly url?: string;
  readonly table?: string;
  readonly directory?: string;
  readonly traceId: string;
  /** This writer's number, from 0. */
  readonly writer: number;
  readonly writers: number;
  readonly records: number;
  readonly flows: number;
  readonly flushEvery: number;
}

/** The data of record `index` of a writer (the same in every subject). */
function payload(writer: number, index: number): { writer: number; index: number; stageId: string; chars: number; ok: boolean } {
  return { writer, index, stageId: 'reply', chars: index % 997, ok: index % 13 !== 0 };
}

async function throughStore(store: TraceStore, command: WriterCommand): Promise<void> {
  const root = store.open(command.traceId, `writer-${command.writer}`);
  const flows: SubFlowLog[] = [root, ...Array.from({ length: command.flows - 1 }, (_, index) => root.child(`flow-${index}`))];
  for (let index = 0; index < command.records; index += 1) {
    flows[index % command.flows]!.record('step', payload(command.writer, index));
    if ((index + 1) % command.flushEvery === 0) await store.flush();
  }
  await store.close();
}

/** The floor: this writer's rows (seq `writer * records + index`) in batches of `flushEvery`, one autocommitted `INSERT … unnest` each. */
async function bare(pool: pg.Pool, command: WriterCommand): Promise<void> {
  const flowId = `floor${String(command.writer).padStart(7, '0')}`;
  for (let from = 0; from < command.records; from += command.flushEvery) {
    const count = Math.min(command.flushEvery, command.records - from);
    const seqs: number[] = [];
    const at: string[] = [];
    const data: string[] = [];
    const bytes: number[] = [];
    for (let index = from; index < from + count; index += 1) {
      seqs.push(command.writer * command.records + index);
      at.push(new Date().toISOString());
      const json = JSON.stringify(payload(command.writer, index));
      data.push(json);
      bytes.push(json.length);
    }
    await pool.query(
      `INSERT INTO ${command.table} (trace_id, seq, flow_id, at, type, data, trace_bytes)
       SELECT $1, s, $2, a, 'step', d, b FROM unnest($3::bigint[], $4::timestamptz[], $5::json[], $6::bigint[]) AS r(s, a, d, b)`,
      [command.traceId, flowId, seqs, at, data, bytes],
    );
  }
}

const command = JSON.parse(process.argv[2] ?? '{}') as WriterCommand;
const pool = command.subject === 'file' ? undefined : new pg.Pool({ connectionString: command.url, max: 2 });
const store =
  command.subject === 'file'
    ? createFileLogStore({ directory: command.directory ?? '' })
    : command.subject === 'postgres'
      ? createPostgresTraceStore({ pool: pool!, table: command.table })
      : undefined;
if (pool !== undefined) await pool.query('SELECT 1');
process.stdout.write('ready\n');
process.stdin.setEncoding('utf8');
await once(process.stdin, 'data');
if (store !== undefined) await throughStore(store, command);
else await bare(pool!, command);
await pool?.end();
process.stdout.write('done\n');
process.exit(0);

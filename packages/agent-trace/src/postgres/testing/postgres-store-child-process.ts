/**
 * A script run as a child process by the PostgreSQL store's process tests (`runPostgresChild`): it
 * opens a pool and a store on the table it is given and records into one trace, then, by `mode`,
 * closes the store (`append`) or flushes, records more and is killed (`crash`). It prints one JSON
 * line with what it did (but when killed).
 */
import pg from 'pg';
import { createPostgresTraceStore } from '../create-postgres-trace-store.js';
import type { PostgresChildCommand } from './run-postgres-child.js';

const command = JSON.parse(process.argv[2] ?? '{}') as PostgresChildCommand;
const pool = new pg.Pool({ connectionString: command.url, max: 4 });
pool.on('error', () => undefined);
const store = createPostgresTraceStore({ pool, table: command.table });
const root = store.open(command.traceId, command.writer);
const flows = [root, ...Array.from({ length: Math.max(0, (command.flows ?? 1) - 1) }, (_, index) => root.child(`flow-${index + 1}`))];

for (let index = 0; index < command.records; index += 1) {
  const flow = index % flows.length;
  (flows[flow] ?? root).record('step', { writer: command.writer, flow, index });
  // Yield now and then, so the batches of the writers interleave.
  if (index % (command.yieldEvery ?? 25) === 0) await new Promise((resolve) => setImmediate(resolve));
}

if (command.mode === 'crash') {
  await store.flush();
  for (let index = command.records; index < command.records + (command.unflushed ?? 0); index += 1) {
    root.record('step', { writer: command.writer, flow: 0, index });
    if (index % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  // Let a batch be on its way to the server, then die without closing anything.
  await new Promise((resolve) => setTimeout(resolve, 2));
  process.kill(process.pid, 'SIGKILL');
}

await store.close();
await pool.end();
process.stdout.write(`${JSON.stringify({ recorded: command.records + flows.length, flowIds: flows.map((flow) => flow.flowId) })}\n`);

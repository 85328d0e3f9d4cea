/**
 * A script run as a child process by the log store's process tests (`runLogStoreChild`): it
 * opens a store over the directory it is given and records into one trace, then, by `mode`,
 * flushes and closes (`append`), calls `process.exit()` at once (`exit`), reports what
 * `flush()` says was lost (`lossy`), or flushes, records more and is killed (`crash`). It prints
 * one JSON line with what it did (but when killed).
 */
import { AgentCoreError } from '@jangts/agent-types';
import { createFileLogStore } from '../create-file-log-store.js';
import type { LogStoreChildCommand } from './run-log-store-child.js';

const command = JSON.parse(process.argv[2] ?? '{}') as LogStoreChildCommand;
const store = createFileLogStore({ directory: command.directory });
const root = store.open(command.traceId, command.writer);
const flows = [root, ...Array.from({ length: Math.max(0, (command.flows ?? 1) - 1) }, (_, index) => root.child(`flow-${index + 1}`))];
const payload = 'x'.repeat(command.payloadChars ?? 0);

for (let index = 0; index < command.records; index += 1) {
  const flow = index % flows.length;
  (flows[flow] ?? root).record('step', { writer: command.writer, flow, index, ...(payload === '' ? {} : { payload }) });
  if (command.mode === 'append' && index % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
}

if (command.mode === 'exit') process.exit(0);

if (command.mode === 'crash') {
  await store.flush();
  for (let index = command.records; index < command.records + (command.unflushed ?? 0); index += 1) root.record('step', { writer: command.writer, flow: 0, index });
  process.kill(process.pid, 'SIGKILL');
}

let lostRecords = 0;
let failures = 0;
try {
  await store.close();
} catch (error) {
  if (!AgentCoreError.isInstance(error)) throw error;
  lostRecords = Number(error.details.lostRecords);
  failures = Number(error.details.failures);
}
process.stdout.write(`${JSON.stringify({ recorded: command.records + flows.length, lostRecords, failures, flowIds: flows.map((flow) => flow.flowId) })}\n`);

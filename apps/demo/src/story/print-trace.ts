import type { LogRecord, ReflectionLogReader } from '@jangts/agent-core/types';
import { fitToWidth } from '../terminal/display-width.js';
import { formatTable } from '../terminal/format-table.js';
import { writeLine, type TerminalOutput } from '../terminal/terminal-output.js';

/**
 * Step 3 (read back): pages through the trace with the store's reader — the same reader the
 * reflection uses — and prints one row per record, with the name of the flow it belongs to.
 */
export async function printTrace(output: TerminalOutput, reader: ReflectionLogReader, traceId: string, signal: AbortSignal): Promise<void> {
  const records: LogRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await reader.read({ traceId, limit: 100, signal, ...(cursor === undefined ? {} : { cursor }) });
    records.push(...page.records);
    for (const gap of page.gaps) writeLine(output, `   gap: ${gap}`);
    cursor = page.cursor;
  } while (cursor !== undefined);

  // Every flow starts with a `flow.start` record carrying its name.
  const flowNames = new Map<string, string>();
  for (const record of records) {
    if (record.type === 'flow.start') flowNames.set(record.flowId, typeof record.data?.name === 'string' ? record.data.name : record.flowId);
  }
  const rows = records.map((record) => [
    String(record.seq),
    flowNames.get(record.flowId) ?? record.flowId,
    record.type,
    record.data === undefined ? '' : fitToWidth(JSON.stringify(record.data), 72),
  ]);
  for (const line of formatTable([['seq', 'flow', 'type', 'data'], ...rows], ['right'])) writeLine(output, `   ${line}`);
}

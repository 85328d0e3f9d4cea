import type { JsonObject, SubFlowLog } from '@jangts/agent-core/types';

/** A record as {@link recordingLog} keeps it. */
export interface RecordedEntry {
  readonly type: string;
  readonly data?: JsonObject;
}

/** A {@link SubFlowLog} that keeps every record in `records`, its children included (they are itself). */
export function recordingLog(): SubFlowLog & { readonly records: RecordedEntry[] } {
  const records: RecordedEntry[] = [];
  const log = {
    traceId: 'trace',
    flowId: 'flow',
    records,
    record: (type: string, data?: JsonObject) => {
      records.push(data === undefined ? { type } : { type, data });
    },
    child: () => log,
  };
  return log;
}

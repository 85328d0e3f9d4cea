import { parser, rule, type Parser } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { MAX_EVIDENCE_ID_LENGTH } from './reflection-evidence.js';

/** Most runs in the scope of one log source. */
export const MAX_LOG_SOURCE_RUNS = 10_000;

/** Schema of a log source's scope: distinct trace ids of 1 to 512 characters, at most {@link MAX_LOG_SOURCE_RUNS}. */
export const LogSourceRunsSchema = rule(
  Type.Array(Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_ID_LENGTH }), { maxItems: MAX_LOG_SOURCE_RUNS }),
  (runs) => {
    const seen = new Set<string>();
    for (const [index, run] of runs.entries()) {
      if (seen.has(run)) return { path: [index], rule: 'duplicate', problem: 'repeats a run of the list' };
      seen.add(run);
    }
    return undefined;
  },
);

/** The door of the scope the App's `runs` function returns for the log source `sourceId`: `SOURCE_FAILED` naming the item. */
export function logSourceRunsParser(sourceId: string): Parser<typeof LogSourceRunsSchema> {
  return parser(LogSourceRunsSchema, { subject: `log source "${sourceId}"`, code: 'SOURCE_FAILED', name: 'runs', qualify: true });
}

import { literalUnion, live, parser } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { CONFORMANCE_OPTIONS_DOOR } from '../doors.js';
import type { RecordCorruption, TraceStoreConformanceOptions, TraceStoreSubject } from './trace-store-subject.js';

/** A function the kit calls (a test function or a capability); kept as the App gave it, `it.skip` included. */
const Callback = Type.Function([Type.Any()], Type.Any());

/**
 * Schema of {@link TraceStoreConformanceOptions}: `name`, the test functions `describe` and `it`,
 * the `subject` factory, and the optional capabilities; no other key (a misspelt capability would
 * silently skip its tests).
 */
export const TraceStoreConformanceOptionsSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    describe: Callback,
    it: Callback,
    subject: Callback,
    tearLastWrite: Type.Optional(Callback),
    crashWriter: Type.Optional(Callback),
    writeFromProcesses: Type.Optional(Callback),
    corruption: Type.Optional(
      live<RecordCorruption<TraceStoreSubject>>(
        'a record corruption { damages, corrupt(subject, traceId, seq, damage) }',
        Type.Object({ damages: Type.Array(literalUnion(['json', 'seq', 'trace', 'remove', 'data'])), corrupt: Callback }),
      ),
    ),
  },
  { additionalProperties: false },
);

const conformanceOptions = /* @__PURE__ */ parser(TraceStoreConformanceOptionsSchema, CONFORMANCE_OPTIONS_DOOR);

/** The kit's options through the door: their checked copy (functions as given), or `CONFIG_INVALID` naming the field. */
export function parseTraceStoreConformanceOptions<TSubject extends TraceStoreSubject>(options: TraceStoreConformanceOptions<TSubject>): TraceStoreConformanceOptions<TSubject> {
  return conformanceOptions.parse(options) as unknown as TraceStoreConformanceOptions<TSubject>;
}

import * as Type from '@jangts/agent-types/internal/type';
import type { SubFlowLog } from '../sub-flow-log.js';
import { isAbortSignal } from '../internal/is-abort-signal.js';
import { live } from '../internal/live.js';
import { reference } from '../internal/reference.js';
import { DiagnosticContextSchema } from './log-structs.js';

/** Schema of an `AbortSignal`: a real signal of the running realm, kept as it is (a look-alike is refused). */
export const AbortSignalSchema = reference<AbortSignal>('an AbortSignal', isAbortSignal);

/** Schema of a `SubFlowLog` as the library uses it: an object with `record` and `child` methods. */
export const SubFlowLogSchema = live<SubFlowLog>(
  'a SubFlowLog with record(type, data) and child(name) methods',
  Type.Object({ record: Type.Function([Type.String(), Type.Unknown()], Type.Void()), child: Type.Function([Type.Unknown()], Type.Unknown()) }),
);

/**
 * Schema of an `OperationContext`: the App's `app` value kept as it is, an optional logger, the
 * signal, optional diagnostics. Other properties of the App's context are not read.
 */
export const OperationContextSchema = Type.Object({
  app: Type.Optional(reference<unknown>('any value', () => true)),
  logger: Type.Optional(SubFlowLogSchema),
  signal: AbortSignalSchema,
  diagnostics: Type.Optional(DiagnosticContextSchema),
});

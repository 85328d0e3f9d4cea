import * as Type from '@jangts/agent-types/internal/type';

/** Schema of `LogRecord`: one line of a trace. */
export const LogRecordSchema = Type.Object({
  traceId: Type.String({ minLength: 1 }),
  flowId: Type.String({ minLength: 1 }),
  seq: Type.Integer({ minimum: 0 }),
  at: Type.String({ minLength: 1 }),
  type: Type.String({ minLength: 1 }),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/** Schema of `LogPage`: what a `ReflectionLogReader` returns. */
export const LogPageSchema = Type.Object({
  records: Type.Array(LogRecordSchema),
  cursor: Type.Optional(Type.String({ minLength: 1 })),
  complete: Type.Boolean(),
  gaps: Type.Array(Type.String()),
});

/** Schema of `DiagnosticAttributeValue`: a string, a finite number, a boolean, or a list of one of those kinds. */
export const DiagnosticAttributeValueSchema = Type.Union([
  Type.String(),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.String()),
  Type.Array(Type.Number()),
  Type.Array(Type.Boolean()),
]);

/** Schema of `DiagnosticContext`, with W3C trace and span id formats. */
export const DiagnosticContextSchema = Type.Object({
  traceId: Type.String({ pattern: '^(?!0{32})[0-9a-f]{32}$' }),
  spanId: Type.String({ pattern: '^(?!0{16})[0-9a-f]{16}$' }),
  parentSpanId: Type.Optional(Type.String({ pattern: '^(?!0{16})[0-9a-f]{16}$' })),
  traceFlags: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  attributes: Type.Optional(Type.Record(Type.String(), DiagnosticAttributeValueSchema)),
});

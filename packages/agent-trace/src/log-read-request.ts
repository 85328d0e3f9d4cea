import { AbortSignalSchema } from '@jangts/agent-types';
import * as Type from '@jangts/agent-types/internal/type';
import type { Static } from 'typebox';
import { parser } from '@jangts/agent-types/internal';
import { READ_REQUEST_DOOR } from './doors.js';
import { RecordTypeSchema } from './record-type.js';
import { TraceIdSchema } from './trace-id.js';

/** Most records one `read` may ask for. */
export const MAX_READ_LIMIT = 10_000;

/** Most record types one `read` may filter on. */
export const MAX_READ_TYPES = 256;

/** Longest cursor a store accepts (a store's own cursors are far shorter). */
export const MAX_CURSOR_LENGTH = 512;

/**
 * Schema of a `ReflectionLogReader.read` request (`LogReadRequest`), the same for every store: a
 * valid trace id, `limit` from 1 to {@link MAX_READ_LIMIT}, optional `types` (up to
 * {@link MAX_READ_TYPES} record types; an empty list means every type), an optional cursor, and a
 * real `AbortSignal`; no other field (a misspelt `cursr` would otherwise page forever).
 */
export const LogReadRequestSchema = Type.Object(
  {
    traceId: TraceIdSchema,
    types: Type.Optional(Type.Array(RecordTypeSchema, { maxItems: MAX_READ_TYPES })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_CURSOR_LENGTH })),
    limit: Type.Integer({ minimum: 1, maximum: MAX_READ_LIMIT }),
    signal: AbortSignalSchema,
  },
  { additionalProperties: false },
);

const readRequest = /* @__PURE__ */ parser(LogReadRequestSchema, READ_REQUEST_DOOR);

/** A read request through the door: its checked copy, or `INPUT_INVALID` naming the field. */
export function parseLogReadRequest(request: unknown): Static<typeof LogReadRequestSchema> {
  return readRequest.parse(request);
}

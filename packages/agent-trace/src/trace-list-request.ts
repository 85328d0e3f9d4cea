import { AbortSignalSchema } from '@jangts/agent-types';
import * as Type from '@jangts/agent-types/internal/type';
import type { Static } from 'typebox';
import { parser } from '@jangts/agent-types/internal';
import { LIST_REQUEST_DOOR } from './doors.js';
import { MAX_CURSOR_LENGTH } from './log-read-request.js';

/** Most traces one `list` may ask for. */
export const MAX_LIST_LIMIT = 1000;

/** One `TraceReader.list` request. */
export interface TraceListRequest {
  /** Opaque cursor from a previous page of this store. */
  readonly cursor?: string | undefined;
  /** Most traces to return, 1 to {@link MAX_LIST_LIMIT}. */
  readonly limit: number;
  readonly signal: AbortSignal;
}

/** Schema of {@link TraceListRequest}: no other field. */
export const TraceListRequestSchema = Type.Object(
  {
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_CURSOR_LENGTH })),
    limit: Type.Integer({ minimum: 1, maximum: MAX_LIST_LIMIT }),
    signal: AbortSignalSchema,
  },
  { additionalProperties: false },
);

const listRequest = /* @__PURE__ */ parser(TraceListRequestSchema, LIST_REQUEST_DOOR);

/** A list request through the door: its checked copy, or `INPUT_INVALID` naming the field. */
export function parseTraceListRequest(request: unknown): Static<typeof TraceListRequestSchema> {
  return listRequest.parse(request);
}

import { rule } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { pathSegmentIssue } from './reply-preview-checks.js';

/**
 * A requested JSON path: object keys and array indices from the root, where the segment `*`
 * matches any array index (never an object key) and a decimal segment such as `'0'` matches that
 * array index as well as the object key `'0'`.
 */
export type JsonPathPattern = readonly string[];

/** One step of a concrete JSON path: an object key or an array index. */
export type JsonPathSegment = string | number;

/** Schema of a {@link JsonPathPattern}: a non-empty list of non-empty segments, `*` only as a whole segment. */
export const JsonPathPatternSchema = /* @__PURE__ */ Type.Array(/* @__PURE__ */ rule(/* @__PURE__ */ Type.String({ minLength: 1 }), pathSegmentIssue), { minItems: 1 });

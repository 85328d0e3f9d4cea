export type { ReplyPreviewCoalesce } from './coalescing-schedule.js';
export { createPartialJsonReader } from './create-partial-json-reader.js';
export { createReplyPreview, type ReplyPreview } from './create-reply-preview.js';
export { DEFAULT_REPLY_PREVIEW_PATHS } from './default-reply-preview-paths.js';
export { JsonPathPatternSchema, type JsonPathPattern, type JsonPathSegment } from './json-path-pattern.js';
export { parsePartialJson, type PartialJsonResult } from './parse-partial-json.js';
export {
  PartialJsonReaderOptionsSchema,
  type PartialJsonPatch,
  type PartialJsonReader,
  type PartialJsonReaderOptions,
  type PartialJsonStatus,
  type PartialJsonSyntaxError,
} from './partial-json-reader.js';
export { ReplyPreviewOptionsSchema, type ReplyPreviewChange, type ReplyPreviewOptions, type ReplyPreviewSink } from './reply-preview-options.js';
export { ReplyPreviewRuleSchema, type ReplyPreviewRule } from './reply-preview-rule.js';

export {
  createReplyPreview,
  type ReplyPreview,
  type ReplyPreviewOptions,
  type ReplyPreviewSink,
} from './create-reply-preview.js';
export { DEFAULT_REPLY_PREVIEW_PATHS } from './default-reply-preview-paths.js';
export type { JsonPathPattern } from './json-path-pattern.js';
export { parsePartialJson, type PartialJsonResult } from './parse-partial-json.js';
export {
  createPartialJsonReader,
  type JsonPathSegment,
  type PartialJsonPatch,
  type PartialJsonReader,
  type PartialJsonReaderOptions,
  type PartialJsonStatus,
  type PartialJsonSyntaxError,
} from './partial-json-reader.js';
export type { ReplyPreviewRule } from './reply-preview-rule.js';

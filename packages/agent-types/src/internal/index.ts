/**
 * Internal helpers of the `@jangts/agent-core` packages: the input door and the text helpers of
 * its messages. Not public API: not re-exported by the umbrella, may change in any release.
 *
 * @internal
 * @packageDocumentation
 */
export { compileReader, expectedOf, type Reader } from './compile-reader.js';
export { emitReader, type EmitReaderOptions } from './emit-reader.js';
export {
  arrayReader,
  constantsReader,
  kindReader,
  numberReader,
  objectReader,
  referenceReader,
  refinedReader,
  stringReader,
  unionReader,
  type ObjectProperty,
  type ObjectShape,
  type Refinement,
  type UnionTag,
  type ValueKind,
} from './readers.js';
export { describeValue } from './describe-value.js';
export { detailValue } from './detail-value.js';
export { fieldName, pointerOf } from './field-name.js';
export { findNonJson, MAX_JSON_CHECK_DEPTH } from './find-non-json.js';
export { firstHole } from './first-hole.js';
export { HistoryCheck, historyIssue } from './history-issue.js';
export { inputError, type InputDoor } from './input-error.js';
export { InputFault, type InputIssue, type InputRule } from './input-issue.js';
export { pointerKeys, pointerToken } from './json-pointer.js';
export { isAbortSignal } from './is-abort-signal.js';
export { isPromiseLike, thenOf } from './is-promise-like.js';
export { recordBestEffort } from './record-best-effort.js';
export { literalUnion, type TLiterals } from './literal-union.js';
export { live } from './live.js';
export { parser, parseWith, type Parser, type ParserOptions } from './parser.js';
export { quoteText } from './quote-text.js';
export { readJson } from './read-json.js';
export { reference } from './reference.js';
export { rule, type RuleCheck, type RuleIssue } from './rule.js';
export { suggestName } from './suggest-name.js';
export { truncateText } from './truncate-text.js';
export { createWalk, MAX_INPUT_DEPTH, MAX_INPUT_ITEMS, type Walk } from './walk.js';
export { refusedOutputNotice } from './refused-output-notice.js';

/**
 * What PostgreSQL's `text` cannot hold as given: NUL (refused) and a lone UTF-16 surrogate
 * (written as U+FFFD, so it would read back changed). Record types are checked against it;
 * JSON data needs no check, `JSON.stringify` escapes both.
 */
export const UNSTORABLE_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

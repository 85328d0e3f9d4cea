/**
 * `@jangts/agent-types/internal/json-reader`: the incremental JSON reader (the preview's) and the
 * one that also builds the value (the runner's, for long tool-call arguments), its growing text and path matching, on an entry of its
 * own so that a bundle of the door (`@jangts/agent-types/internal`) never carries it: a bundler's
 * code splitting places whole files, and this one is loaded only where a reader is used. Internal:
 * not part of the umbrella.
 *
 * @packageDocumentation
 */
export { GrowingText } from './growing-text.js';
export { IncrementalJsonReader, type JsonReaderStatus, type JsonReaderSyntaxError, type JsonStringListener } from './incremental-json-reader.js';
export { JsonValueReader } from './json-value-reader.js';
export { compilePatterns, segmentMatches, type CompiledPattern, type CompiledSegment, type JsonPathStep } from './json-path-match.js';

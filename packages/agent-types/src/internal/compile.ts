/**
 * `@jangts/agent-types/internal/compile`: TypeBox's compiler with readable issues, on its own entry
 * so that the input door (`@jangts/agent-types/internal`) never loads it. Internal: not part of
 * the umbrella.
 *
 * @packageDocumentation
 */
export { compileSchema, type SchemaIssue, type SchemaValidator } from './schema-validator.js';
/** The JSON reader building the value, for a tool stage's long arguments: here too, so that what loads a tool stage loads it. */
export { JsonValueReader } from './json-reader.js';

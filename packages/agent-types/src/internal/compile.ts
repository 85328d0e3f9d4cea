/**
 * `@jangts/agent-types/internal/compile`: TypeBox's compiler with readable issues, on its own entry
 * so that the input door (`@jangts/agent-types/internal`) never loads it. Internal: not part of
 * the umbrella.
 *
 * @packageDocumentation
 */
export { compileSchema, type SchemaIssue, type SchemaValidator } from './schema-validator.js';

/**
 * `@jangts/agent-types/internal/typebox-type`: TypeBox's `Type` namespace, from the same copy as
 * `./internal/typebox`, which the umbrella re-exports. On an entry of its own so that its
 * CommonJS declarations declare `Type` as a value (those of `./internal/typebox` re-export
 * `typebox`'s types only).
 *
 * @packageDocumentation
 */
export { Type } from 'typebox';

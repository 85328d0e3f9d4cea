/**
 * `@jangts/agent-types/internal/typebox-compile`: TypeBox's schema compiler, from the copy of
 * TypeBox bundled for runtimes (see `./internal/typebox`). Internal: not part of the umbrella.
 *
 * @packageDocumentation
 */
export { Compile } from 'typebox/compile';

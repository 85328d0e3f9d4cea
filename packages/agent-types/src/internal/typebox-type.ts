/**
 * `@jangts/agent-types/internal/typebox-type`: TypeBox's `Type` namespace from the copy bundled
 * into this package (see `./internal/typebox`), which the umbrella re-exports. On an entry of its
 * own so that a bundle which never uses `Type` drops the namespace object, and with it every
 * builder it names.
 *
 * @packageDocumentation
 */
export { Type } from 'typebox';

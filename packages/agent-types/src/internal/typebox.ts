/**
 * `@jangts/agent-types/internal/typebox`: TypeBox's builders and types (everything `typebox`
 * exports), for the packages of `@jangts/agent-core` to build their schemas with. What runtimes
 * load (Node, Bun, Deno: the `import` and `require` conditions) is a copy of TypeBox bundled into
 * this package's `dist/bundled/` once, so that a cold `import()` reads a few files, not TypeBox's
 * ~700 modules (SPEC §9); bundlers (the `module` condition) get this re-export of `typebox` and
 * tree-shake TypeBox's own modules. The declarations re-export `typebox`'s own, so `TObject`,
 * `Static` and the schemas built here are TypeBox's types. Internal: not part of the umbrella.
 *
 * @packageDocumentation
 */
export * from 'typebox';

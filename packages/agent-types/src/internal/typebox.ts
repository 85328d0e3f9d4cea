/**
 * `@jangts/agent-types/internal/typebox`: TypeBox's builders and types (everything `typebox`
 * exports but its `Type` namespace, which `./internal/typebox-type` carries), for the packages of
 * `@jangts/agent-core` to build their schemas with. In the published build TypeBox is bundled into
 * this package's `dist/` once: a cold `import()` then reads a few files, not TypeBox's ~700 modules
 * (SPEC §9). The declarations re-export `typebox`'s own, so `TObject`, `Static` and the schemas
 * built here are TypeBox's types. Internal: not part of the umbrella.
 *
 * @packageDocumentation
 */
export * from 'typebox/type';

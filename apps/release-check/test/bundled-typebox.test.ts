import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The copy of TypeBox bundled into `@jangts/agent-types` (what Node loads for the library's
 * schemas, its compiler and the umbrella's `Type`) against the App's own `typebox` install: they
 * are two copies, and their schemas are interchangeable. Run in a child Node process from this app
 * (the built packages, as an App loads them; the tests' own graph resolves the sources).
 */
const here = dirname(fileURLToPath(import.meta.url));

const script = String.raw`
import * as Bundled from '@jangts/agent-types/internal/typebox';
import { Type as BundledType } from '@jangts/agent-types/internal/typebox-type';
import { Compile as BundledCompile } from '@jangts/agent-types/internal/typebox-compile';
import * as Own from 'typebox';
import { Compile as OwnCompile } from 'typebox/compile';
import { ModelRunner, Type as UmbrellaType } from '@jangts/agent-core';
import { createScriptedProvider } from '@jangts/agent-core/providers/scripted';

const shape = (T) => T.Object(
  { orderId: T.String({ pattern: '^ord_[0-9]+$' }), quantity: T.Integer({ minimum: 1 }), note: T.Optional(T.String({ maxLength: 40 })), kind: T.Union([T.Literal('a'), T.Literal('b')]) },
  { additionalProperties: false },
);
const bundled = shape(Bundled);
const own = shape(Own);
const good = { orderId: 'ord_1', quantity: 2, kind: 'a' };
const bad = { orderId: 'order 1', quantity: 0, kind: 'c', extra: true };
const errors = (compile, schema) => [...compile(schema).Errors(bad)].map(({ keyword, instancePath, message }) => ({ keyword, instancePath, message }));
const kinds = (schema) => JSON.stringify(schema, (key, value) => value, 0) + '|' + String(schema['~kind']) + '|' + String(schema.properties.note['~optional']);

async function toolStage(parameters) {
  const provider = createScriptedProvider([
    { toolCalls: [{ toolId: 'place_order', args: good }] },
    { toolCalls: [{ toolId: 'place_order', args: bad }] },
  ]);
  const runner = new ModelRunner({ provider, timeoutMs: 600000, maxOutputChars: 10000 });
  const tools = [{ id: 'place_order', description: 'Place an order', parameters }];
  const accepted = await runner.invoke({ input: 'go', stageId: 'order', tools });
  const refused = await runner.invoke({ input: 'again', stageId: 'order', tools }).then(() => undefined, (error) => ({ code: error.code, details: error.details }));
  return { accepted: accepted.value, refused, sent: provider.requests[0].tools[0].parameters };
}

console.log(JSON.stringify({
  separateCopies: Bundled.Object !== Own.Object && BundledCompile !== OwnCompile,
  umbrellaTypeIsBundled: UmbrellaType === BundledType && UmbrellaType.Object === Bundled.Object,
  sameSchema: kinds(bundled) === kinds(own),
  ownGuardsKnowBundled: Own.IsObject(bundled) && Own.IsOptional(bundled.properties.note) && Own.IsUnion(bundled.properties.kind),
  bundledGuardsKnowOwn: Bundled.IsObject(own) && Bundled.IsOptional(own.properties.note) && Bundled.IsUnion(own.properties.kind),
  checks: [OwnCompile(bundled).Check(good), OwnCompile(bundled).Check(bad), BundledCompile(own).Check(good), BundledCompile(own).Check(bad)],
  errorsAlike: JSON.stringify(errors(OwnCompile, bundled)) === JSON.stringify(errors(BundledCompile, own)) && errors(OwnCompile, own).length > 0,
  ownBuiltTool: await toolStage(own),
  bundledBuiltTool: await toolStage(UmbrellaType.Object(bundled.properties, { additionalProperties: false })),
}));
`;

let result: Record<string, unknown>;

beforeAll(() => {
  const child = spawnSync(process.execPath, ['--input-type=module', '--eval', script], { cwd: here, encoding: 'utf8' });
  expect(child.stderr).toBe('');
  result = JSON.parse(child.stdout) as Record<string, unknown>;
}, 600_000);

describe('the TypeBox bundled into @jangts/agent-types and an App\'s own typebox', () => {
  it('are two copies, the umbrella\'s Type being the bundled one', () => {
    expect(result.separateCopies).toBe(true);
    expect(result.umbrellaTypeIsBundled).toBe(true);
  });

  it('build the same schemas, which each copy\'s guards recognise', () => {
    expect(result.sameSchema).toBe(true);
    expect(result.ownGuardsKnowBundled).toBe(true);
    expect(result.bundledGuardsKnowOwn).toBe(true);
  });

  it('compile each other\'s schemas, with the same errors', () => {
    expect(result.checks).toEqual([true, false, true, false]);
    expect(result.errorsAlike).toBe(true);
  });

  it('check tool arguments alike, whichever copy built the parameters', () => {
    const own = result.ownBuiltTool as { refused: { code: string } };
    expect(own.refused.code).toBe('OUTPUT_INVALID');
    expect(result.bundledBuiltTool).toEqual(result.ownBuiltTool);
  });
});

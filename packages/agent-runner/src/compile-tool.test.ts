import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { compileTool } from './compile-tool.js';

describe('compileTool', () => {
  const spec = { id: 'reply', description: 'Answer', parameters: Type.Object({ text: Type.String() }) };

  it('compiles a tool spec once and reuses it for the same spec object', () => {
    const first = compileTool(spec, 'tools[0]');
    expect(compileTool(spec, 'tools[3]')).toBe(first);
    expect(compileTool({ ...spec }, 'tools[0]')).not.toBe(first);
  });

  it('checks arguments against the TypeBox schema', () => {
    const { validator } = compileTool(spec, 'tools[0]');
    expect(validator.check({ text: 'hi' })).toBe(true);
    expect(validator.issues({ text: 1 })[0]?.path).toBe('/text');
  });

  it('gives the provider a plain JSON copy of the schema', () => {
    const { providerTool } = compileTool(spec, 'tools[0]');
    expect(providerTool.parameters).toEqual(JSON.parse(JSON.stringify(spec.parameters)));
    expect(providerTool.parameters).not.toBe(spec.parameters);
  });
});

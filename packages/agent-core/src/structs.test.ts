import * as context from '@jangts/agent-context';
import * as preview from '@jangts/agent-preview';
import * as reflection from '@jangts/agent-reflection';
import * as runner from '@jangts/agent-runner';
import * as anthropic from '@jangts/agent-runner/providers/anthropic';
import * as openaiCompatible from '@jangts/agent-runner/providers/openai-compatible';
import * as scripted from '@jangts/agent-runner/providers/scripted';
import * as turn from '@jangts/agent-turn';
import * as types from '@jangts/agent-types/structs';
import { describe, expect, it } from 'vitest';
import * as structs from './structs.js';

/** The packages whose types `@jangts/agent-core/types` re-exports. */
const packages = { types, context, runner, preview, reflection, turn, scripted, openaiCompatible, anthropic };

describe('@jangts/agent-core/structs', () => {
  it('holds the schema of every public type: each package’s exported *Schema, the same value', () => {
    const missing: string[] = [];
    for (const [name, namespace] of Object.entries(packages)) {
      for (const [key, value] of Object.entries(namespace)) {
        if (!key.endsWith('Schema')) continue;
        if ((structs as Record<string, unknown>)[key] !== value) missing.push(`${name}.${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(structs).filter((key) => !key.endsWith('Schema'))).toEqual([]);
  });
});

import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The workspace compiles with `exactOptionalPropertyTypes: false`, where `x?: T` and
// `x?: T | undefined` are the same type. An App may turn the flag on: compile a fixture that passes
// an explicit undefined to every optional property of the public types, with the flag on.
describe('the public types under exactOptionalPropertyTypes', () => {
  it('take an explicit undefined for every optional property', () => {
    const configFile = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
    const fixture = fileURLToPath(new URL('./__fixtures__/explicit-undefined.ts', import.meta.url));
    const parsed = ts.getParsedCommandLineOfConfigFile(configFile, { exactOptionalPropertyTypes: true, noEmit: true }, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    });
    expect(parsed?.options.exactOptionalPropertyTypes).toBe(true);
    const program = ts.createProgram([fixture], parsed!.options);
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file === undefined ? '' : `${diagnostic.file.fileName.split('/src/').pop() ?? ''}:${String(diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1)}: `;
      return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    });
    expect(problems).toEqual([]);
  }, 60_000);
});

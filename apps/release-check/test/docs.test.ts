import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Every ```ts / ```js code block of the READMEs runs as written, and the ts blocks type-check, so
 * the docs cannot rot. A block whose info string says `no-run` (it needs a real server or key) is
 * type-checked only; one that says `signature` (a declaration listing, not code) is skipped.
 */
const root = resolve(import.meta.dirname, '../../..');
const out = join(import.meta.dirname, '../.docs');

interface Block {
  readonly name: string;
  readonly file: string;
  readonly run: boolean;
}

function readmes(): string[] {
  const files = [join(root, 'README.md')];
  for (const pkg of readdirSync(join(root, 'packages'))) {
    const file = join(root, 'packages', pkg, 'README.md');
    if (existsSync(file)) files.push(file);
  }
  return files;
}

function extract(): Block[] {
  const blocks: Block[] = [];
  for (const readme of readmes()) {
    const text = readFileSync(readme, 'utf8');
    const slug = relative(root, readme).replace(/[/.]/g, '_');
    const fence = /^```(ts|js)([^\n]*)\n([\s\S]*?)^```$/gm;
    let index = 0;
    for (let match = fence.exec(text); match !== null; match = fence.exec(text)) {
      index += 1;
      const [, language = 'ts', info = '', code = ''] = match;
      if (info.includes('signature')) continue;
      const line = text.slice(0, match.index).split('\n').length;
      const file = join(out, `${slug}_${index}.${language === 'ts' ? 'ts' : 'mjs'}`);
      // Each block is its own module: `export {}` keeps top-level names from clashing in tsc.
      writeFileSync(file, `${code}\nexport {};\n`);
      blocks.push({ name: `${relative(root, readme)}:${line}`, file, run: !info.includes('no-run') });
    }
  }
  return blocks;
}

mkdirSync(out, { recursive: true });
const blocks = extract();

beforeAll(() => {
  writeFileSync(
    join(out, 'tsconfig.json'),
    JSON.stringify({ extends: '../../../tsconfig.base.json', compilerOptions: { noUnusedLocals: false }, include: ['*.ts'] }),
  );
});

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

describe('README code blocks', () => {
  it('finds code blocks in the READMEs', () => {
    expect(blocks.length).toBeGreaterThan(0);
  });

  it('type-checks every ts block', () => {
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', join(out, 'tsconfig.json')], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  });

  it.each(blocks.filter((block) => block.run).map((block) => [block.name, block] as const))('runs %s', async (_name, block) => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await import(block.file);
    } finally {
      log.mockRestore();
    }
  });
});

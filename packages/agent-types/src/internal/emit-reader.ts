import { ChildReader, readerPlan, type ReaderPlan } from './compile-reader.js';
import { readJson } from './read-json.js';

/** What {@link emitReader} writes: one exported reader per schema, and where the schemas' own functions come from. */
export interface EmitReaderOptions {
  /** Export name → the door schema its reader is generated from. */
  readonly readers: Readonly<Record<string, unknown>>;
  /**
   * Module specifier → that module's exports: every function or object a schema holds (a
   * `rule`'s check, a `reference`'s check) must be one of them, imported by its export name.
   */
  readonly imports: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Where the generated module imports the readers from; default `@jangts/agent-types/internal`. */
  readonly from?: string;
  /** The first lines of the module: what it was generated from and how to regenerate it. */
  readonly header: string;
}

/**
 * The source of a TypeScript module that builds, ahead of time, the readers `compileReader`
 * would build from `readers`' schemas at run time: the same readers called with the same
 * parameters (the messages and bounds worked out here), so a bundle that imports the generated
 * module holds only the readers its schemas use, and neither the schemas nor the compiler. The
 * module is committed; a test regenerates it and fails when it differs.
 *
 * @throws Error when a schema holds a function or object none of `imports` exports.
 */
export function emitReader(options: EmitReaderOptions): string {
  const names = new Map<unknown, readonly [module: string, name: string]>();
  for (const [module, exports] of Object.entries(options.imports)) {
    for (const [name, value] of Object.entries(exports)) if (!names.has(value)) names.set(value, [module, name]);
  }
  const used = new Set<string>();
  const imported = new Map<string, Set<string>>();
  const variables = new Map<object, string>();
  const lines: string[] = [];

  const print = (value: unknown): string => {
    if (value instanceof ChildReader) return variable(value.node);
    if (value === readJson) return use('readJson');
    if (Array.isArray(value)) return `[${value.map(print).join(', ')}]`;
    if (typeof value === 'function' || (typeof value === 'object' && value !== null && names.has(value))) {
      const source = names.get(value);
      if (source === undefined) throw new Error('emitReader: a schema holds a function none of the imports exports');
      const [module, name] = source;
      (imported.get(module) ?? imported.set(module, new Set()).get(module))?.add(name);
      return name;
    }
    if (typeof value === 'object' && value !== null) {
      if ('make' in value) return plan(value as ReaderPlan);
      const entries = Object.entries(value).filter(([, part]) => part !== undefined);
      return `{ ${entries.map(([key, part]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${print(part)}`).join(', ')} }`;
    }
    if (value === undefined) return 'undefined';
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`emitReader: ${value} has no JSON form`);
    return JSON.stringify(value);
  };
  const use = (name: string): string => {
    used.add(name);
    return name;
  };
  const plan = (node: ReaderPlan): string => (typeof node === 'function' ? print(node) : `${use(node.make)}(${node.args.map(print).join(', ')})`);
  const variable = (node: object): string => {
    const known = variables.get(node);
    if (known !== undefined) return known;
    const expression = plan(readerPlan(node as Readonly<Record<string, unknown>>));
    const name = `r${variables.size}`;
    variables.set(node, name);
    lines.push(`const ${name}: Reader = ${expression};`);
    return name;
  };

  const exported = Object.entries(options.readers).map(([name, schema]) => {
    const expression = plan(readerPlan(schema as Readonly<Record<string, unknown>>));
    return `/** Reads a value as \`compileReader\` would read it against its schema. */\nexport const ${name}: Reader = ${expression};`;
  });
  const from = options.from ?? '@jangts/agent-types/internal';
  const imports = [`import { ${[...used].sort().join(', ')}, type Reader } from '${from}';`];
  for (const [module, members] of [...imported].sort(([left], [right]) => (left < right ? -1 : 1))) {
    imports.push(`import { ${[...members].sort().join(', ')} } from '${module}';`);
  }
  return `${[options.header, '', ...imports, '', ...lines, ...(lines.length === 0 ? [] : ['']), ...exported].join('\n')}\n`;
}

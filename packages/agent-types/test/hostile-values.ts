import fc from 'fast-check';
import { anyValue } from './arbitraries.js';

/*
 * Hostile values, shared by the hostile-value properties of every package (they import this file
 * by its relative path, so that no package depends on another at run time for its tests) and by the
 * campaign script (`pnpm hostile`).
 *
 * An arbitrary yields a plain-data *recipe*, and `materialize` builds the hostile value from it:
 * fast-check can print, replay and shrink a recipe, where printing the value itself would run its
 * getters and traps.
 */

/**
 * What a hostile App function throws when it is called (a proxy's `apply` trap): an entry that
 * documents handing its App callback's own failure back as it is (the reply preview's sink) can
 * tell it from a failure of its own.
 */
export class HostileCallError extends Error {
  override readonly name = 'HostileCallError';
}

/** How a hostile value is built. */
export type HostileRecipe =
  /** Anything fast-check makes (boxed values, maps, sets, null prototypes, sparse arrays, bigints). */
  | { readonly kind: 'plain'; readonly value: unknown }
  /** An object whose property answers `first` for its first `reads` reads, then `later`. */
  | { readonly kind: 'flip'; readonly key: string; readonly reads: number; readonly first: HostileRecipe; readonly later: HostileRecipe }
  /** An object whose property getter throws. */
  | { readonly kind: 'throwing-getter'; readonly key: string }
  /** A proxy whose trap throws, or answers differently after `reads` calls. */
  | { readonly kind: 'proxy'; readonly target: 'object' | 'array' | 'function'; readonly trap: ProxyTrap; readonly behaviour: 'throw' | 'flip'; readonly reads: number }
  /** A revoked proxy: every operation on it throws. */
  | { readonly kind: 'revoked' }
  /** A list with a huge length and a few items, sparse, or a proxy claiming the length. */
  | { readonly kind: 'huge-list'; readonly length: number; readonly items: readonly (readonly [number, HostileRecipe])[]; readonly proxy: boolean }
  /** Something shaped like a value the library knows, behaving badly. */
  | { readonly kind: 'look-alike'; readonly of: LookAlike };

/** The proxy traps a hostile proxy misuses. */
export type ProxyTrap = 'get' | 'ownKeys' | 'getOwnPropertyDescriptor' | 'getPrototypeOf' | 'has' | 'apply';

/** The look-alikes: an abort signal, a promise, a list, a chunk, an error, a JSON value. */
export type LookAlike =
  | 'signal-throwing-remove'
  | 'signal-throwing-add'
  | 'signal-aborted-later'
  | 'signal-getter-throws'
  | 'thenable-never'
  | 'thenable-throws'
  | 'array-own-constructor'
  | 'array-throwing-iterator'
  | 'array-subclass'
  | 'array-like'
  | 'to-json-throws'
  | 'to-primitive-throws'
  | 'error-look-alike'
  | 'frozen-function'
  | 'async-iterable-never'
  | 'async-iterable-throws'
  | 'iterator-getter-flip'
  | 'symbol-keys'
  | 'deep-nesting';

const LOOK_ALIKES: readonly LookAlike[] = [
  'signal-throwing-remove',
  'signal-throwing-add',
  'signal-aborted-later',
  'signal-getter-throws',
  'thenable-never',
  'thenable-throws',
  'array-own-constructor',
  'array-throwing-iterator',
  'array-subclass',
  'array-like',
  'to-json-throws',
  'to-primitive-throws',
  'error-look-alike',
  'frozen-function',
  'async-iterable-never',
  'async-iterable-throws',
  'iterator-getter-flip',
  'symbol-keys',
  'deep-nesting',
];

/** Keys the library reads: a flip or a throwing getter on one of them hits a real read. */
const KEYS = [
  'id', 'type', 'role', 'content', 'text', 'value', 'input', 'stageId', 'tools', 'messages', 'signal', 'length', 'then',
  'provider', 'stream', 'sink', 'rules', 'maxChars', 'fragments', 'history', 'context', 'trust', 'items', 'cursor', '0',
  'constructor', '__proto__', 'toJSON', 'aborted', 'reason', 'app', 'logger', 'diagnostics', 'parameters', 'args',
] as const;

const keyArbitrary = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 6 }));

const { recipe } = fc.letrec<{ recipe: HostileRecipe }>((tie) => ({
  recipe: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: anyValue.map((value): HostileRecipe => ({ kind: 'plain', value })) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('flip' as const), key: keyArbitrary, reads: fc.nat({ max: 3 }), first: tie('recipe'), later: tie('recipe') }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('throwing-getter' as const), key: keyArbitrary }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('proxy' as const),
        target: fc.constantFrom('object' as const, 'array' as const, 'function' as const),
        trap: fc.constantFrom<ProxyTrap>('get', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'has', 'apply'),
        behaviour: fc.constantFrom('throw' as const, 'flip' as const),
        reads: fc.nat({ max: 4 }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'revoked' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('huge-list' as const),
        length: fc.constantFrom(2 ** 32 - 1, 2 ** 31, 10_000_000, 100_000_001, 1e9),
        items: fc.array(fc.tuple(fc.oneof(fc.nat({ max: 3 }), fc.constantFrom(1e6, 2 ** 32 - 2)), tie('recipe')), { maxLength: 2 }),
        proxy: fc.boolean(),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('look-alike' as const), of: fc.constantFrom(...LOOK_ALIKES) }) },
  ),
}));

/** A recipe of one hostile value (see {@link materialize}). */
export const hostileRecipe: fc.Arbitrary<HostileRecipe> = recipe;

/** Every value `materialize` built: an edit never looks inside one (that would run its traps). */
const built = new WeakSet<object>();

/** Builds the value a recipe describes; every call builds a fresh one (its getters count from zero). */
export function materialize(recipe: HostileRecipe): unknown {
  const value = build(recipe);
  if ((typeof value === 'object' && value !== null) || typeof value === 'function') built.add(value);
  return value;
}

function build(recipe: HostileRecipe): unknown {
  switch (recipe.kind) {
    case 'plain':
      return recipe.value;
    case 'flip': {
      const first = materialize(recipe.first);
      const later = materialize(recipe.later);
      return flipping({}, recipe.key, first, later, recipe.reads);
    }
    case 'throwing-getter':
      return Object.defineProperty({}, recipe.key, {
        enumerable: true,
        get() {
          throw new Error(`hostile getter ${recipe.key}`);
        },
      });
    case 'proxy':
      return hostileProxy(recipe.target === 'array' ? ['a', 'b'] : recipe.target === 'function' ? () => 'called' : { id: 'a', type: 'text', text: 'x' }, recipe.trap, recipe.behaviour, recipe.reads);
    case 'revoked': {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
    case 'huge-list':
      return hugeList(recipe.length, recipe.items.map(([index, item]) => [index, materialize(item)] as const), recipe.proxy);
    case 'look-alike':
      return lookAlike(recipe.of);
  }
}

/** `base` (copied) with `key` answering `first` for `reads` reads, then `later`. */
export function flipping(base: object, key: PropertyKey, first: unknown, later: unknown, reads = 1): object {
  let count = 0;
  return Object.defineProperty({ ...base }, key, {
    enumerable: true,
    configurable: true,
    get() {
      count += 1;
      return count <= reads ? first : later;
    },
  });
}

function hostileProxy(target: object, trap: ProxyTrap, behaviour: 'throw' | 'flip', reads: number): object {
  let count = 0;
  const misbehave = (): boolean => {
    count += 1;
    if (behaviour === 'throw' && count > reads) throw trap === 'apply' ? new HostileCallError('hostile apply trap') : new Error(`hostile ${trap} trap`);
    return behaviour === 'flip' && count > reads;
  };
  const handler: ProxyHandler<object> = {};
  switch (trap) {
    case 'get':
      handler.get = (object, key, receiver): unknown => (misbehave() ? (typeof key === 'string' && key !== 'then' ? { flipped: key } : undefined) : Reflect.get(object, key, receiver));
      break;
    case 'ownKeys':
      handler.ownKeys = (object) => (misbehave() ? ['flipped', ...Reflect.ownKeys(object).filter((key) => key !== 'length')] : Reflect.ownKeys(object));
      break;
    case 'getOwnPropertyDescriptor':
      handler.getOwnPropertyDescriptor = (object, key) => (misbehave() ? undefined : Reflect.getOwnPropertyDescriptor(object, key));
      break;
    case 'getPrototypeOf':
      handler.getPrototypeOf = (object) => (misbehave() ? Array.prototype : Reflect.getPrototypeOf(object));
      break;
    case 'has':
      handler.has = (object, key) => (misbehave() ? !Reflect.has(object, key) : Reflect.has(object, key));
      break;
    case 'apply':
      handler.apply = (object, self, args) => (misbehave() ? { flipped: true } : Reflect.apply(object as (...values: unknown[]) => unknown, self, args));
      break;
  }
  return new Proxy(target, handler);
}

function hugeList(length: number, items: readonly (readonly [number, unknown])[], proxy: boolean): unknown {
  if (proxy) {
    const real = items.map(([, item]) => item);
    return new Proxy(real, {
      get: (object, key, receiver): unknown => (key === 'length' ? length : Reflect.get(object, key, receiver)),
    });
  }
  const list: unknown[] = [];
  // The length set through an item at the last index, removed again: the list stays sparse
  // (dictionary elements), never allocated to its length as `list.length = length` would.
  list[length - 1] = undefined;
  Reflect.deleteProperty(list, length - 1);
  for (const [index, item] of items) if (index < length) list[index] = item;
  return list;
}

function lookAlike(of: LookAlike): unknown {
  switch (of) {
    case 'signal-throwing-remove':
      return { aborted: false, reason: undefined, addEventListener: () => undefined, removeEventListener: () => { throw new Error('hostile removeEventListener'); }, throwIfAborted: () => undefined };
    case 'signal-throwing-add':
      return { aborted: false, reason: undefined, addEventListener: () => { throw new Error('hostile addEventListener'); }, removeEventListener: () => undefined, throwIfAborted: () => undefined };
    case 'signal-aborted-later':
      return flipping({ reason: 'later', addEventListener: () => undefined, removeEventListener: () => undefined, throwIfAborted: () => undefined }, 'aborted', false, true, 1);
    case 'signal-getter-throws':
      return Object.defineProperty({ addEventListener: () => undefined, removeEventListener: () => undefined }, 'aborted', {
        enumerable: true,
        get() {
          throw new Error('hostile aborted');
        },
      });
    case 'thenable-never':
      return { then: () => undefined };
    case 'thenable-throws':
      return {
        then: () => {
          throw new Error('hostile then');
        },
      };
    case 'array-own-constructor':
      return Object.assign(['a', { role: 'user', content: 'x' }], { constructor: 'not a constructor' });
    case 'array-throwing-iterator':
      return Object.assign(['a'], {
        [Symbol.iterator]: () => {
          throw new Error('hostile iterator');
        },
      });
    case 'array-subclass':
      return HostileList.from(['a', 'b']);
    case 'array-like':
      return { length: 2, 0: 'a', 1: 'b' };
    case 'to-json-throws':
      return {
        id: 'a',
        toJSON: () => {
          throw new Error('hostile toJSON');
        },
      };
    case 'to-primitive-throws':
      return {
        [Symbol.toPrimitive]: () => {
          throw new Error('hostile toPrimitive');
        },
        toString: () => {
          throw new Error('hostile toString');
        },
      };
    case 'error-look-alike':
      return { name: 'AgentCoreError', code: 'INPUT_INVALID', message: 'fake', details: { field: 'x' } };
    case 'frozen-function':
      return Object.freeze(() => undefined);
    case 'async-iterable-never':
      return { [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => undefined) }) };
    case 'async-iterable-throws':
      return {
        [Symbol.asyncIterator]: () => {
          throw new Error('hostile asyncIterator');
        },
      };
    case 'iterator-getter-flip':
      return flipping({}, Symbol.iterator, function* () { yield 'a'; }, 5, 1);
    case 'symbol-keys':
      return { [Symbol('hidden')]: 'x', id: 'a' };
    case 'deep-nesting': {
      const root: Record<string, unknown> = {};
      let node = root;
      for (let depth = 0; depth < 5_000; depth += 1) {
        const next: Record<string, unknown> = {};
        node.a = next;
        node = next;
      }
      return root;
    }
  }
}

class HostileList<TItem> extends Array<TItem> {
  override map<TResult>(): TResult[] {
    throw new Error('hostile map');
  }
}

/** One change to a valid value: at a path (each step picks a child by index, modulo), how, and with what. */
export interface HostileEdit {
  readonly path: readonly number[];
  /** `replace` puts the value there; `flip` answers the original first, then the value; `throw` makes the read throw; `proxy` wraps the original. */
  readonly how: 'replace' | 'flip' | 'throw' | 'proxy';
  readonly reads: number;
  readonly value: HostileRecipe;
  readonly trap: ProxyTrap;
}

const editArbitrary: fc.Arbitrary<HostileEdit> = fc.record({
  path: fc.array(fc.nat({ max: 40 }), { minLength: 1, maxLength: 5 }),
  how: fc.constantFrom('replace' as const, 'flip' as const, 'flip' as const, 'throw' as const, 'proxy' as const),
  reads: fc.nat({ max: 3 }),
  value: hostileRecipe,
  trap: fc.constantFrom<ProxyTrap>('get', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'has'),
});

/** A valid argument list and the hostile edits made to it (none in about one case in ten). */
export interface HostileCase<TArgs extends readonly unknown[]> {
  readonly valid: TArgs;
  readonly edits: readonly HostileEdit[];
}

/**
 * Hostile variants of the valid argument lists `valid` makes: each edit picks an argument, then a
 * path into it, and replaces, flips, breaks or proxies what it finds there.
 */
export function hostileCase<TArgs extends readonly unknown[]>(valid: fc.Arbitrary<TArgs>): fc.Arbitrary<HostileCase<TArgs>> {
  return fc.record({
    valid,
    edits: fc.oneof({ weight: 1, arbitrary: fc.constant([]) }, { weight: 9, arbitrary: fc.array(editArbitrary, { minLength: 1, maxLength: 3 }) }),
  });
}

/** The argument list of a {@link HostileCase}: the valid one, copied along each edit's path, with the edits made. */
export function hostileArguments(hostile: HostileCase<readonly unknown[]>): unknown[] {
  const args = [...hostile.valid];
  for (const edit of hostile.edits) applyEdit(args, edit);
  return args;
}

function applyEdit(args: unknown[], edit: HostileEdit): void {
  let parent: Record<PropertyKey, unknown> = args as unknown as Record<PropertyKey, unknown>;
  let key: string = String((edit.path[0] ?? 0) % Math.max(1, args.length));
  for (const step of edit.path.slice(1)) {
    const child = plainValue(parent, key);
    const keys = copyable(child) ? Object.keys(child) : [];
    if (keys.length === 0) break;
    const copy = copyOf(child as object);
    defineValue(parent, key, copy);
    parent = copy as Record<PropertyKey, unknown>;
    key = keys[step % keys.length] as string;
  }
  const original = plainValue(parent, key);
  const value = materialize(edit.value);
  const topLevel = parent === (args as unknown);
  switch (topLevel && (edit.how === 'flip' || edit.how === 'throw') ? 'replace' : edit.how) {
    case 'replace':
      defineValue(parent, key, value);
      return;
    case 'flip':
      defineFlip(parent, key, original, value, edit.reads);
      return;
    case 'throw':
      Object.defineProperty(parent, key, {
        enumerable: true,
        configurable: true,
        get() {
          throw new Error(`hostile read of ${key}`);
        },
      });
      return;
    case 'proxy':
      if (copyable(original)) {
        const proxy = hostileProxy(original, edit.trap, edit.reads % 2 === 0 ? 'flip' : 'throw', edit.reads);
        built.add(proxy);
        defineValue(parent, key, proxy);
      } else defineValue(parent, key, value);
      return;
  }
}

function defineValue(parent: object, key: string, value: unknown): void {
  Object.defineProperty(parent, key, { value, enumerable: true, configurable: true, writable: true });
}

function defineFlip(parent: object, key: string, first: unknown, later: unknown, reads: number): void {
  let count = 0;
  Object.defineProperty(parent, key, {
    enumerable: true,
    configurable: true,
    get() {
      count += 1;
      return count <= Math.max(1, reads) ? first : later;
    },
  });
}

/** The data value at `key` (an accessor an earlier edit made is not run: it counts as nothing there). */
function plainValue(parent: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(parent, key);
  return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined;
}

function copyable(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || built.has(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

/** A copy keeping accessors an earlier edit made (copying by value would run them). */
function copyOf(value: object): object {
  if (Array.isArray(value)) return Object.defineProperties([], Object.getOwnPropertyDescriptors(value as object));
  return Object.defineProperties(Object.create(Object.getPrototypeOf(value) as object | null) as object, Object.getOwnPropertyDescriptors(value));
}

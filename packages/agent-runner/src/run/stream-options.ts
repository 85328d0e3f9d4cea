import type { ProviderStreamOptions } from '@jangts/agent-types';

/** What the options ask for their signal: the invocation, which makes it when first read. */
export interface SignalSource {
  providerSignal(): AbortSignal;
}

/** A base whose constructor hands back the object it is given, so that a subclass's private field is added to that object. */
const HandBack = function (target: object): object {
  return target;
} as unknown as new (target: object) => object;

/**
 * Adds the invocation to a plain object as a private field: invisible to the provider (no key,
 * no symbol, the prototype still `Object.prototype`), and read by the one getter every options
 * object shares.
 */
class SignalLink extends HandBack {
  readonly #source: SignalSource;

  constructor(target: object, source: SignalSource) {
    super(target);
    this.#source = source;
  }

  /** The `signal` property of every options object: one shared getter (a getter per object would be a closure each, and turns the frozen object into a property dictionary). */
  static readonly descriptor: PropertyDescriptor = {
    enumerable: true,
    get(this: SignalLink): AbortSignal {
      return this.#source.providerSignal();
    },
  };
}

/**
 * The options a provider's `stream(request, options)` receives: a frozen plain object (the same for
 * every try of a call) whose `signal`, an own enumerable property, is made when first read, so a
 * provider that never reads it costs no `AbortController`.
 */
export function streamOptions(source: SignalSource): ProviderStreamOptions {
  const options = new SignalLink({}, source);
  Object.defineProperty(options, 'signal', SignalLink.descriptor);
  return Object.freeze(options) as unknown as ProviderStreamOptions;
}

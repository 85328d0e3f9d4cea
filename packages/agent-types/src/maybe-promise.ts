/** A value, or a promise of it: what a callback may return when the caller awaits it either way. */
export type MaybePromise<TValue> = TValue | Promise<TValue>;

/**
 * Limits of every `ModelRunner` of the demo. The runner has no default for either: without them
 * a call to a real model is unbounded, so an App should always set both.
 */
export const RUNNER_LIMITS = { timeoutMs: 120_000, maxOutputChars: 20_000 } as const;

/**
 * Fails closed on an authorization hook that returned `false`: the hooks are typed to return
 * nothing and deny by throwing or rejecting, but an App that returns `false` means "denied", and
 * reading it as "allowed" would open what it meant to close. Throws an `Error` for the caller to
 * turn into `UNAUTHORIZED`.
 */
export function denyOnFalse(verdict: unknown): void {
  if (verdict === false) throw new Error('returned false');
}

import { fragmentError } from './fragment-error.js';
import type { FragmentLocation } from './fragment-location.js';
import type { FragmentFields } from './read-fragment-fields.js';

/** Trust levels whose content may take the system slot. */
export const SYSTEM_SLOT_TRUST = ['system', 'app'] as const;

/**
 * Rejects `user` or `tool` content placed in the system slot. Runs before every other field
 * check, so the escalation is reported whatever else is right or wrong about the fragment.
 *
 * @throws AgentCoreError `TRUST_VIOLATION`.
 */
export function checkFragmentTrust(fields: FragmentFields, location: FragmentLocation): void {
  const { trust, role } = fields;
  if ((trust === 'user' || trust === 'tool') && role === 'system') {
    const problem = `"${trust}" content cannot take role "system"; only "system" and "app" trust may fill the system slot`;
    throw fragmentError('TRUST_VIOLATION', location, fields.id, problem, {
      field: 'role',
      rule: 'trusted-system-slot',
      limit: [...SYSTEM_SLOT_TRUST],
      actual: trust,
    });
  }
}

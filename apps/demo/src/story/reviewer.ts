/** The App value of the reflection's context: who asks, and what they may read. */
export interface Reviewer {
  readonly name: string;
  readonly role: 'support-lead' | 'support-agent';
  readonly canReadTraces: boolean;
}

/** The person who reviews the ticket in the story. */
export const TEAM_LEAD: Reviewer = { name: 'Lena Park', role: 'support-lead', canReadTraces: true };

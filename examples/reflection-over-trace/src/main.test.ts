import { describe, expect, it } from 'vitest';
import { runExample } from '@jangts/example-connect-model';

describe('examples/reflection-over-trace', () => {
  it('traces an order to files, reports on it citing the records read, and refuses another role', async () => {
    const { stdout, stderr } = await runExample(new URL('..', import.meta.url));
    expect(stderr).toBe('');
    expect(stdout).toBe(
      [
        'question: Why was order 7 not paid?',
        'stopped by: report',
        'summary: Order 7 was not paid: the card provider was unavailable.',
        '- The card provider answered 503 to the payment',
        '    cites order-7:4: payment.failed {"provider":"card","status":503,"retryAfterSeconds":30}',
        '- The customer abandoned the order because of it',
        '    cites order-7:5: order.abandoned {"reason":"payment"}',
        'coverage: 2 model calls, 1 page, 2 records read, complete: true',
        'as a guest: UNAUTHORIZED: reflection: source.authorize refused: authorize refused: only support may read order traces',
        '',
      ].join('\n'),
    );
  });
});

import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { POSTGRES_TEST_URL, SKIP_POSTGRES_TESTS } from './testing/postgres-test-url.js';

describe('the PostgreSQL test server', () => {
  // In CI the PostgreSQL tests must run: .ci/run starts a server and sets AGENT_TRACE_POSTGRES_URL.
  it.runIf(process.env.CI)('is given to the tests in CI (they never skip there), and answers', async () => {
    expect(POSTGRES_TEST_URL, 'CI is set but AGENT_TRACE_POSTGRES_URL is not: .ci/run must start scripts/postgres-test-server.sh').toBeDefined();
    expect(SKIP_POSTGRES_TESTS).toBe(false);
    const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
      expect(Number(rows[0]?.server_version_num)).toBeGreaterThanOrEqual(150000);
    } finally {
      await client.end();
    }
  });
});

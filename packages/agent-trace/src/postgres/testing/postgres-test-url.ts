/**
 * The URL of the PostgreSQL server the tests use: `AGENT_TRACE_POSTGRES_URL` (`.ci/run` starts one
 * with `scripts/postgres-test-server.sh` and sets it). Outside CI, without it, the PostgreSQL tests
 * are skipped with a message saying how to run them; in CI (`CI` set) its absence fails them.
 */
export const POSTGRES_TEST_URL: string | undefined = process.env.AGENT_TRACE_POSTGRES_URL || undefined;

/** True when the PostgreSQL tests are to be skipped: no server given, and not in CI. */
export const SKIP_POSTGRES_TESTS = POSTGRES_TEST_URL === undefined && !process.env.CI;

if (SKIP_POSTGRES_TESTS) {
  process.stderr.write(
    'PostgreSQL tests of @jangts/agent-trace skipped: AGENT_TRACE_POSTGRES_URL is not set. Start a server with\n' +
      '  eval "$(scripts/postgres-test-server.sh start)" && export AGENT_TRACE_POSTGRES_URL="$PGURL"\n' +
      '(stop it with scripts/postgres-test-server.sh stop "$PGSERVER_DIR"); in CI they never skip.\n',
  );
}

/** The server's URL; throws (failing the test) when there is none, as in CI without one. */
export function requirePostgresUrl(): string {
  if (POSTGRES_TEST_URL === undefined) throw new Error('AGENT_TRACE_POSTGRES_URL is not set, and CI is: .ci/run must start the PostgreSQL test server (scripts/postgres-test-server.sh)');
  return POSTGRES_TEST_URL;
}

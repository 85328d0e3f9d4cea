import { defaultServerConditions, defineConfig } from 'vite';
import type { ViteUserConfig } from 'vitest/config';

/** The source condition: inside the workspace, packages resolve to `src/` without a build. */
const conditions = ['@jangts/source', ...defaultServerConditions];

/**
 * The conditions of the tests' own (server-side) graph: Node's, so not `module`, a bundlers'
 * condition Node ignores (`@opentelemetry/api` points it at ES modules with extensionless
 * imports, which Node cannot load).
 */
const nodeConditions = conditions.filter((condition) => condition !== 'module');

/**
 * The one test configuration every package uses: sources via the `@jangts/source`
 * export condition, a JSON report for CI's counter, failing on unhandled rejections.
 */
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: nodeConditions, externalConditions: nodeConditions } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: '.vitest-result.json' }]],
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    dangerouslyIgnoreUnhandledErrors: false,
    // Generous: the suite must pass with both cores busy; no test depends on how fast it runs.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
}) as ViteUserConfig;

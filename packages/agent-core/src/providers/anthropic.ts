export * from '@jangts/agent-runner/providers/anthropic';

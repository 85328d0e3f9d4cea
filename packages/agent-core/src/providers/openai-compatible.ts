export * from '@jangts/agent-runner/providers/openai-compatible';

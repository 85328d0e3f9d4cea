export * from '@jangts/agent-runner/providers/ai-sdk';

export * from '@jangts/agent-runner/providers/scripted';

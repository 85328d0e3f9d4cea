// The support kit: the reply preview and its incremental partial-JSON reader.
export * from '@jangts/agent-preview';

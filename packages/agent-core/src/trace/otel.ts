/**
 * `@jangts/agent-core/trace/otel`: the library's trace records as OpenTelemetry spans following
 * the GenAI semantic conventions, live or from a stored trace, and reflection findings as
 * evaluation events (`@jangts/agent-trace/otel`). Needs the optional peer `@opentelemetry/api` 1.x.
 *
 * @packageDocumentation
 */
export * from '@jangts/agent-trace/otel';

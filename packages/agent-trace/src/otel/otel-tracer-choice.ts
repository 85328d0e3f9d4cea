import type { Context, Tracer, TracerProvider } from '@opentelemetry/api';
import * as Type from '@jangts/agent-types/internal/type';
import { OtelContextSchema, OtelTracerProviderSchema, OtelTracerSchema } from './otel-tracer.js';

/**
 * Which tracer the spans go to: the App's `Tracer`, or its `TracerProvider` (the library asks it
 * for the tracer `@jangts/agent-trace`). Exactly one of the two.
 */
export type OtelTracerChoice =
  | { readonly tracer: Tracer; readonly tracerProvider?: undefined }
  | { readonly tracerProvider: TracerProvider; readonly tracer?: undefined };

/** Where spans that are not below another span of the library start. */
export interface OtelParent {
  /** The context of the spans outside every turn (the App's request span, say); see each function. */
  readonly parent?: Context | undefined;
}

/** The schema properties of an {@link OtelTracerChoice} and an {@link OtelParent}. */
export const OTEL_TRACER_PROPERTIES = {
  tracer: Type.Optional(OtelTracerSchema),
  tracerProvider: Type.Optional(OtelTracerProviderSchema),
  parent: Type.Optional(OtelContextSchema),
};

import * as Type from '@jangts/agent-types/internal/type';

/** The tools of every tool-stage scenario. */
export const CONFORMANCE_TOOLS = [
  { id: 'get_weather', description: 'Current weather of a city', parameters: Type.Object({ city: Type.String() }) },
  { id: 'get_time', description: 'Current time in a time zone', parameters: Type.Object({ zone: Type.String() }) },
  { id: 'list_cities', description: 'Every city the service knows', parameters: Type.Object({}) },
];

/** The same tools as a provider receives them (parameters as JSON Schema). */
export const CONFORMANCE_WIRE_TOOLS = CONFORMANCE_TOOLS.map((tool) => ({
  id: tool.id,
  description: tool.description,
  parameters: JSON.parse(JSON.stringify(tool.parameters)) as Record<string, unknown>,
}));

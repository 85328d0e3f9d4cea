/**
 * The OpenTelemetry GenAI names of what the runner records: the provider (`gen_ai.provider.name`),
 * the model of a provider id that names one, and finish reasons (`gen_ai.response.finish_reasons`).
 */

/** The library's provider ids and the AI SDK's provider names, by the well-known `gen_ai.provider.name` they map to. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  'openai-compatible': 'openai',
  openai: 'openai',
  anthropic: 'anthropic',
  google: 'gcp.gemini',
  vertex: 'gcp.vertex_ai',
  'amazon-bedrock': 'aws.bedrock',
  azure: 'azure.ai.openai',
  mistral: 'mistral_ai',
  xai: 'x_ai',
  groq: 'groq',
  deepseek: 'deepseek',
  cohere: 'cohere',
  perplexity: 'perplexity',
};

/** The AI SDK adapter's provider id: `ai-sdk:<provider>:<model id>` (the provider like `openai.chat`). */
const AI_SDK_ID = /^ai-sdk:([^:]+):(.+)$/;

/**
 * `gen_ai.provider.name` of a provider id as `model.start` records it: a well-known name where the
 * library knows it (`openai-compatible` is the OpenAI API, the AI SDK's `anthropic.messages` is
 * `anthropic`), the id itself otherwise.
 */
export function providerName(providerId: string): string {
  const aiSdk = AI_SDK_ID.exec(providerId);
  const name = aiSdk === null ? providerId : (aiSdk[1] ?? '').split('.')[0] ?? '';
  return PROVIDER_NAMES[name] ?? name;
}

/** The model a provider id names (the AI SDK adapter's `ai-sdk:<provider>:<model id>`), or `undefined`. */
export function modelOfProviderId(providerId: string): string | undefined {
  return AI_SDK_ID.exec(providerId)?.[2];
}

/** The library's finish reasons in the GenAI conventions' words (`tool-calls` is `tool_call`, `content-filter` is `content_filter`). */
export function finishReasonName(reason: string): string {
  switch (reason) {
    case 'tool-calls':
      return 'tool_call';
    case 'content-filter':
      return 'content_filter';
    default:
      return reason;
  }
}

// The model-provider layer: provider-neutral chat types, the OpenAI-compatible and Anthropic
// clients, and the factory that builds one from host configuration.
export * from './types.js';
export { AnthropicClient, ANTHROPIC_DEFAULT_BASE_URL } from './anthropic.js';
export { OpenAIClient, OPENAI_DEFAULT_BASE_URL } from './openai.js';
export {
  createModelClient,
  modelIdentity,
  type ApiProviderConfig,
  type ModelClientOptions,
  type ModelIdentity,
} from './factory.js';
export {
  DEFAULT_HTTP_POLICY,
  type ApiClientOptions,
  type HttpPolicy,
  type RetryInfo,
} from './http.js';

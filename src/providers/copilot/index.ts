// The `copilot` provider kind: GitHub Copilot's runtime, driven through @github/copilot-sdk.
// Unlike the HTTP model clients, the runtime owns the agent loop; this room only starts it
// locked down (no built-in or MCP tool, empty working directory, fresh temporary homes) and
// runs one session with the tools it is given. What the tools do and how a verdict settles
// belongs to verify/agentic.
export {
  CopilotAgent,
  type CopilotAgentOptions,
  type CopilotSessionEnd,
  type CopilotSessionRequest,
  type CopilotTool,
  type CopilotToolResult,
  type CopilotUsage,
} from './agent.js';
export {
  COPILOT_DEFAULT_TOKEN_ENV,
  COPILOT_RUNTIME_ENV,
  COPILOT_SDK_VERSION,
  copilotIdentity,
  createCopilotAgent,
  resolveCopilotRuntime,
  type CopilotIdentity,
  type CopilotProviderConfig,
} from './provider.js';

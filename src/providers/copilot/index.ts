// The `copilot` provider kind: GitHub Copilot's runtime, driven through @github/copilot-sdk.
// Unlike the HTTP model clients, the runtime owns the agent loop; this room starts one runtime
// process per job, locked down (no built-in or MCP tool, fresh temporary homes), and runs a
// session for each conversation with the tools it is given, in directories of its own. What
// the tools do and how a verdict settles belongs to verify/agentic.
export {
  CopilotAgent,
  CopilotRuntime,
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
  createCopilotRuntime,
  resolveCopilotRuntime,
  type CopilotIdentity,
  type CopilotProviderConfig,
} from './provider.js';

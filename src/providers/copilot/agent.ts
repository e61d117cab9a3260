// A Copilot model as the agentic verifier sees it: sessions on a Copilot runtime, locked down:
// only the tools given (each declared as overriding any built-in of its name, so the runtime
// can never answer it with a hidden built-in), every built-in and MCP tool excluded, and the
// session's own empty working directory. Agents of one provider share its runtime (runtime.ts).
import { CopilotRuntime } from './runtime.js';
import type { CopilotSessionEnd, CopilotSessionRequest } from './sessionTypes.js';

export type {
  CopilotSessionEnd,
  CopilotSessionRequest,
  CopilotTool,
  CopilotToolResult,
  CopilotUsage,
} from './sessionTypes.js';

export class CopilotAgent {
  readonly kind = 'copilot';

  constructor(
    private readonly runtime: CopilotRuntime,
    readonly vision: boolean,
  ) {}

  /** Runs one session to its end; its directories and transcript are gone after. */
  run(request: CopilotSessionRequest): Promise<CopilotSessionEnd> {
    return this.runtime.run(request);
  }

  /** Stops the runtime (every agent sharing it stops with it). */
  close(): Promise<void> {
    return this.runtime.stop();
  }
}

export { CopilotRuntime };

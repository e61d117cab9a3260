// Wires agentic leaves to model providers from host configuration (never from the graph).
import { DEFAULT_GATEWAY, type GatewaySettings } from '../../config/companion.js';
import type { HostConfig } from '../../config/hostConfig.js';
import { resolveModel, type ExecProviderConfig, type ResolvedModel } from '../../config/models.js';
import type { WorkItem } from '../../core/graph/model.js';
import type { IdentityOutcome } from '../../core/select.js';
import type { AgenticVerifierSpec, ErrorInfo, JsonValue } from '../../core/types.js';
import { createModelClient, modelIdentity } from '../../providers/factory.js';
import {
  COPILOT_RUNTIME_ENV,
  CopilotAgent,
  copilotIdentity,
  createCopilotRuntime,
  type CopilotProviderConfig,
  type CopilotRuntime,
} from '../../providers/copilot/index.js';
import type { ModelClient } from '../../providers/types.js';
import type { Sandbox } from '../../sandbox/types.js';
import {
  RunBudget,
  type RunBudgetLimits,
  type VerificationBudget,
} from '../../verify/agentic/budget.js';
import { ExecAgentVerifier } from '../../verify/agentic/exec.js';
import type { ExecGatewayConfig } from '../../verify/agentic/execGateway.js';
import { AGENT_HARNESS_VERSION, EXEC_HARNESS_VERSION } from '../../verify/agentic/harness.js';
import { ANTHROPIC_DEFAULT_BASE_URL } from '../../providers/anthropic.js';
import { OPENAI_DEFAULT_BASE_URL } from '../../providers/openai.js';
import { AgenticVerifier, type ModelResolution } from '../../verify/agentic/verifier.js';
import { UnavailableVerifier } from '../../verify/agentic/unavailable.js';
import type { Verifier } from '../../verify/types.js';
import {
  copilotVerifier,
  runtimePreparation,
  type CopilotRuntimeSource,
} from './copilotRuntimeGate.js';
import type { Preparation } from './preparedVerifier.js';

export type AgenticWiringOptions = {
  config: HostConfig;
  env: NodeJS.ProcessEnv;
  sandbox: Sandbox;
  scratchRoot: string;
  /** Bounds of the model gateway in front of exec agents (companion settings). */
  gateway?: GatewaySettings;
  /** Where copilot goals get their runtime when the configuration names none (the Action). */
  copilotRuntime?: CopilotRuntimeSource;
};

/**
 * Agentic verifiers for one run: one shared run budget, one client per model alias, one
 * Copilot runtime per copilot provider (started by its first session, stopped by close()).
 */
export class AgenticWiring {
  private readonly runBudget: RunBudget;
  private readonly clients = new Map<string, ModelResolution>();
  private readonly copilotRuntimes = new Map<string, CopilotRuntime>();
  private readonly execVerifiers = new Map<string, Verifier>();
  private readonly agent: AgenticVerifier;
  private readonly verificationBudget: VerificationBudget;
  private readonly prepareCopilot: Preparation | undefined;
  /** The providers' environment; gains the runtime path once a copilot source resolved it. */
  private env: NodeJS.ProcessEnv;

  constructor(private readonly options: AgenticWiringOptions) {
    this.env = options.env;
    this.prepareCopilot = options.copilotRuntime
      ? runtimePreparation(options.copilotRuntime, (path) => {
          this.env = { ...this.env, [COPILOT_RUNTIME_ENV]: path };
        })
      : undefined;
    const budget = options.config.budget as {
      run?: RunBudgetLimits;
      verification?: VerificationBudget;
    };
    this.runBudget = new RunBudget(budget.run ?? {});
    this.verificationBudget = budget.verification ?? {};
    this.agent = new AgenticVerifier({
      resolve: (alias) => this.clientFor(alias),
      runBudget: this.runBudget,
      budget: this.verificationBudget,
    });
  }

  /** Stops what the run's verifications started (the Copilot runtimes); safe to call again. */
  async close(): Promise<void> {
    const runtimes = [...this.copilotRuntimes.values()];
    this.copilotRuntimes.clear();
    await Promise.all(runtimes.map((runtime) => runtime.stop()));
  }

  identityOf(item: WorkItem): IdentityOutcome {
    const spec = item.verifier as AgenticVerifierSpec;
    const resolved = resolveModel(this.options.config, spec.model);
    if (!resolved.ok) return { ok: false, error: resolved.error };
    const model = this.modelIdentity(resolved.model);
    if ('error' in model) return { ok: false, error: model.error };
    const exec = resolved.model.provider.kind === 'exec';
    return {
      ok: true,
      identity: {
        mode: 'agentic',
        instruction: spec.instruction,
        votes: spec.votes ?? 1,
        model: model.identity,
        harness: exec ? EXEC_HARNESS_VERSION : AGENT_HARNESS_VERSION,
      },
    };
  }

  verifierFor(item: WorkItem): Verifier {
    const spec = item.verifier as AgenticVerifierSpec;
    const resolved = resolveModel(this.options.config, spec.model);
    if (resolved.ok && resolved.model.provider.kind === 'exec')
      return this.execVerifier(resolved.model);
    if (resolved.ok && resolved.model.provider.kind === 'copilot')
      return copilotVerifier(resolved.model.provider, this.agent, this.prepareCopilot);
    return this.agent;
  }

  /** What the GM digest binds: provider kind, endpoint and model — never keys or headers. */
  private modelIdentity(model: ResolvedModel): { identity: JsonValue } | { error: ErrorInfo } {
    const provider = model.provider;
    if (provider.kind === 'exec') {
      const identity = { provider: 'exec', command: provider.command };
      if (!provider.gateway) return { identity };
      // The model behind the gateway is part of what the agent's verdict depends on.
      const gateway = resolveModel(this.options.config, provider.gateway.model);
      if (!gateway.ok) return { error: gateway.error };
      const behind = this.modelIdentity(gateway.model);
      return 'error' in behind ? behind : { identity: { ...identity, gateway: behind.identity } };
    }
    if (provider.kind === 'copilot') {
      return { identity: copilotIdentity(provider, model.model) as unknown as JsonValue };
    }
    // From configuration alone: a job without the key (plan, aggregate) computes the same
    // identity as the verify job that holds it; the key is checked where the model is called.
    try {
      return { identity: modelIdentity(provider, model.model) as unknown as JsonValue };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        error: {
          category: 'no_capability',
          message: `provider "${model.providerName}": ${message}`,
        },
      };
    }
  }

  private clientFor(alias: string | undefined): ModelResolution {
    const key = alias ?? '';
    let resolution = this.clients.get(key);
    if (!resolution) {
      resolution = this.createClient(alias);
      this.clients.set(key, resolution);
    }
    return resolution;
  }

  private createClient(alias: string | undefined): ModelResolution {
    const resolved = resolveModel(this.options.config, alias);
    if (!resolved.ok) return { error: resolved.error };
    const { provider, model, vision, price } = resolved.model;
    if (provider.kind === 'exec') {
      return {
        error: {
          category: 'internal',
          message: `model alias "${resolved.model.alias}" is an exec agent, not a model endpoint`,
        },
      };
    }
    let client: ModelClient | CopilotAgent;
    try {
      client =
        provider.kind === 'copilot'
          ? new CopilotAgent(this.copilotRuntime(resolved.model.providerName, provider), vision)
          : createModelClient(provider, { env: this.options.env, vision });
    } catch (error) {
      // The message names the missing variable, never a value.
      const message = error instanceof Error ? error.message : String(error);
      return {
        error: {
          category: 'no_capability',
          message: `provider "${resolved.model.providerName}": ${message}`,
        },
      };
    }
    return { client, model, alias: resolved.model.alias, ...(price ? { price } : {}) };
  }

  /** The provider's runtime: aliases of one provider share one process. */
  private copilotRuntime(name: string, provider: CopilotProviderConfig): CopilotRuntime {
    let runtime = this.copilotRuntimes.get(name);
    if (!runtime) {
      runtime = createCopilotRuntime(provider, {
        env: this.env,
        scratchRoot: this.options.scratchRoot,
      });
      this.copilotRuntimes.set(name, runtime);
    }
    return runtime;
  }

  private execVerifier(model: ResolvedModel): Verifier {
    let verifier = this.execVerifiers.get(model.providerName);
    if (!verifier) {
      const provider = model.provider as ExecProviderConfig;
      // The gateway's model key is checked here, where the agent would run, not in plan.
      const behind = provider.gateway ? this.clientFor(provider.gateway.model) : undefined;
      if (behind && 'error' in behind) return new UnavailableVerifier(behind.error);
      const gateway = provider.gateway ? this.gatewayConfig(provider.gateway.model) : undefined;
      verifier = new ExecAgentVerifier({
        sandbox: this.options.sandbox,
        scratchRoot: this.options.scratchRoot,
        agent: {
          name: model.providerName,
          command: provider.command,
          ...(provider.env ? { env: provider.env } : {}),
        },
        runBudget: this.runBudget,
        budget: this.verificationBudget,
        ...(gateway ? { gateway } : {}),
      });
      this.execVerifiers.set(model.providerName, verifier);
    }
    return verifier;
  }

  /** What the gateway of an exec agent enforces; execVerifier has already checked the alias and key. */
  private gatewayConfig(alias: string): ExecGatewayConfig | undefined {
    const resolved = resolveModel(this.options.config, alias);
    if (!resolved.ok) return undefined;
    if (resolved.model.provider.kind === 'exec' || resolved.model.provider.kind === 'copilot')
      return undefined;
    const provider = resolved.model.provider;
    const apiKey = provider.apiKeyEnv ? this.options.env[provider.apiKeyEnv] : undefined;
    const limits = this.options.gateway ?? DEFAULT_GATEWAY;
    return {
      policy: {
        provider: {
          kind: provider.kind,
          baseUrl:
            provider.baseUrl ??
            (provider.kind === 'openai' ? OPENAI_DEFAULT_BASE_URL : ANTHROPIC_DEFAULT_BASE_URL),
          ...(apiKey ? { apiKey } : {}),
          ...(provider.headers ? { headers: provider.headers } : {}),
        },
        models: [resolved.model.model],
        maxRequestBytes: limits.maxRequestBytes,
        requestsPerMinute: limits.requestsPerMinute,
      },
      ...(resolved.model.price ? { price: resolved.model.price } : {}),
      nodePath: process.execPath,
    };
  }
}

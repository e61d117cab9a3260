// The audit trail of an exec agent. DoG sees its model calls, through the gateway, but not its
// tool calls: those happen inside the agent's own process, so the trail says so instead.
import { boundAuditTrail } from '../../core/audit.js';
import type {
  AgenticVerifierSpec,
  AuditTrail,
  Verdict,
  VerificationAudit,
} from '../../core/types.js';
import type { GatewayUsage } from '../../gateway/server.js';
import type { ExecGatewayConfig } from './execGateway.js';
import { voteAudits, type VoteResult } from './votes.js';

/** One vote: its verdict and, when the agent had a gateway, the model calls it made. */
export function execVoteAudit(verdict: Verdict, used: GatewayUsage | undefined): VerificationAudit {
  if (!used) return { verdict };
  const { requests: count, inputTokens, outputTokens } = used;
  return { verdict, modelCalls: { count, inputTokens, outputTokens } };
}

export function execAuditTrail(
  spec: AgenticVerifierSpec,
  providerName: string,
  gateway: ExecGatewayConfig | undefined,
  results: readonly VoteResult[],
): AuditTrail {
  const behind = gateway?.policy.models[0];
  return boundAuditTrail({
    instruction: spec.instruction,
    model: {
      kind: 'exec',
      id: providerName,
      ...(spec.model === undefined ? {} : { alias: spec.model }),
      ...(gateway && behind !== undefined
        ? { gateway: { kind: gateway.policy.provider.kind, id: behind } }
        : {}),
    },
    toolCallsVisible: false,
    verifications: voteAudits(results),
  });
}

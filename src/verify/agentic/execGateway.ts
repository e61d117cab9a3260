// The model an `exec` agent may use, reached only through the model gateway: the policy the
// gateway enforces, built from host configuration, and one gateway per agent run on a socket
// in a directory that is bind-mounted into the sandbox. The directory (0700) and the socket
// (0600) belong to the identity the agent runs as and to no other local account; the socket's
// path, which /proc/net/unix shows to everyone, leads nowhere for them. The gateway admits and
// charges the run's calls against the verification's budget and the run's.
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelPrice } from '../../config/models.js';
import type { Usage } from '../../core/types.js';
import { ModelGateway, type GatewayBudget, type GatewayUsage } from '../../gateway/server.js';
import type { GatewayPolicy } from '../../gateway/policy.js';
import type { SlotIdentity } from '../../sandbox/slots.js';
import { costOf, type Charge, type VerificationMeter } from './budget.js';

/** Where the sandbox sees the gateway's directory and socket. */
export const GATEWAY_MOUNT = '/dog/gateway';
export const GATEWAY_SOCKET = 'model.sock';

export type ExecGatewayConfig = {
  policy: GatewayPolicy;
  price?: ModelPrice;
  /** The Node binary that runs the in-sandbox forwarder. */
  nodePath: string;
};

export type RunningGateway = {
  /** Host directory to mount at GATEWAY_MOUNT. */
  dir: string;
  /** Hands the directory and socket to the identity the agent runs as (undefined: ours). */
  grant(identity: SlotIdentity | undefined): Promise<void>;
  usage(): GatewayUsage;
  /** Why the run's verdict cannot stand: a call refused for budget, or an answer over it. */
  budgetBreach(): string | undefined;
  close(): Promise<void>;
};

/** One agent run's calls as its gateway admits and charges them; remembers the first breach. */
export class GatewayCallBudget implements GatewayBudget {
  private breach: string | undefined;

  constructor(private readonly meter: VerificationMeter) {}

  admit(): string | undefined {
    const refused = this.meter.admitCall();
    this.breach ??= refused;
    return refused;
  }

  charge(charge: Charge): void {
    this.meter.spend(charge);
    this.breach ??= this.meter.overrun();
  }

  breached(): string | undefined {
    return this.breach;
  }
}

/** Starts a gateway for one agent run, in a fresh directory of `holder`, removed on close. */
export async function startExecGateway(
  holder: string,
  config: ExecGatewayConfig,
  meter: VerificationMeter,
): Promise<RunningGateway> {
  const dir = await mkdtemp(join(holder, 'gateway-'));
  const socketPath = join(dir, GATEWAY_SOCKET);
  const budget = new GatewayCallBudget(meter);
  const gateway = await ModelGateway.start({
    socketPath,
    policy: config.policy,
    budget,
    ...(config.price ? { price: config.price } : {}),
  });
  return {
    dir,
    grant: async (identity) => {
      if (!identity) return;
      await chown(socketPath, identity.uid, identity.gid);
      await chown(dir, identity.uid, identity.gid);
    },
    usage: () => gateway.usage(),
    budgetBreach: () => budget.breached(),
    close: async () => {
      await gateway.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The tokens the agent used through the gateway, as verification usage. */
export function gatewayUsage(
  usage: GatewayUsage,
  durationMs: number,
  price: ModelPrice | undefined,
): Usage {
  return {
    tokens: usage.inputTokens + usage.outputTokens,
    costUsd: costOf(usage, price),
    durationMs,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    turns: usage.forwarded,
  };
}

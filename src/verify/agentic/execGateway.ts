// The model an `exec` agent may use, reached only through the model gateway: the policy the
// gateway enforces, built from host configuration, and one gateway per agent run on a socket
// in a directory that is bind-mounted into the sandbox.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelPrice } from '../../config/models.js';
import type { Usage } from '../../core/types.js';
import { ModelGateway, type GatewayBudget, type GatewayUsage } from '../../gateway/server.js';
import type { GatewayPolicy } from '../../gateway/policy.js';
import { costOf } from './budget.js';

/** Where the sandbox sees the gateway's directory and socket. */
export const GATEWAY_MOUNT = '/dog/gateway';
export const GATEWAY_SOCKET = 'model.sock';

export type ExecGatewayConfig = {
  policy: GatewayPolicy;
  price?: ModelPrice;
  budget?: GatewayBudget;
  /** The Node binary that runs the in-sandbox forwarder. */
  nodePath: string;
};

export type RunningGateway = {
  /** Host directory to mount at GATEWAY_MOUNT. */
  dir: string;
  usage(): GatewayUsage;
  close(): Promise<void>;
};

/** Starts a gateway for one agent run, in a fresh directory of `holder`, removed on close. */
export async function startExecGateway(
  holder: string,
  config: ExecGatewayConfig,
): Promise<RunningGateway> {
  const dir = await mkdtemp(join(holder, 'gateway-'));
  // The sandbox runs as another uid: it must reach the socket (0666), never change the directory.
  await chmod(dir, 0o755);
  const gateway = await ModelGateway.start({
    socketPath: join(dir, GATEWAY_SOCKET),
    policy: config.policy,
    ...(config.budget ? { budget: config.budget } : {}),
    ...(config.price ? { price: config.price } : {}),
  });
  return {
    dir,
    usage: () => gateway.usage(),
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

// The sandbox side of the model gateway: the forwarder program run inside the sandbox in front
// of the agent, and its command line. The forwarder turns the bind-mounted Unix socket into a
// loopback TCP port the agent's SDK can use as a base URL.
import { fileURLToPath } from 'node:url';

/** The forwarder program; shipped next to this module (the build copies it beside the bundle). */
export const FORWARDER_SCRIPT_PATH = fileURLToPath(new URL('./forwarder.mjs', import.meta.url));

export type ForwarderArgvOptions = {
  /** Where the sandbox sees the forwarder program (default: its host path, mounted as is). */
  scriptPath?: string;
  /** Loopback port to listen on inside the sandbox; 0 (default) picks a free one. */
  port?: number;
};

/** The argv that runs `agentArgv` behind the forwarder, talking to `socketPathInside`. */
export function forwarderArgv(
  nodePath: string,
  socketPathInside: string,
  agentArgv: readonly string[],
  options: ForwarderArgvOptions = {},
): string[] {
  if (agentArgv.length === 0) throw new Error('forwarderArgv needs an agent command');
  return [
    nodePath,
    options.scriptPath ?? FORWARDER_SCRIPT_PATH,
    '--socket',
    socketPathInside,
    '--port',
    String(options.port ?? 0),
    '--',
    ...agentArgv,
  ];
}

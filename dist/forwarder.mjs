// @ts-check
// DoG model-gateway forwarder. Dependency-free: it runs inside the sandbox (no network) in
// front of an `exec` agent, with nothing but Node.
//
//   node forwarder.mjs --socket <path> --port <n> -- <agent argv...>
//
// It listens on 127.0.0.1:<n> (0: any free port), pipes every TCP connection byte for byte to
// the gateway's Unix socket (no HTTP parsing: the gateway on the host enforces everything),
// runs the agent with base URLs pointing at that port and placeholder API keys (SDKs insist on
// a key; the gateway ignores it and holds the real one), forwards SIGTERM/SIGINT/SIGHUP to the
// agent and exits with the agent's exit code, or 128 + signal number. Its own failures (bad
// arguments, no gateway behind the socket, port unavailable) exit 125, like env(1); an agent
// that cannot be started exits 127 (not found) or 126.

import { spawn } from 'node:child_process';
import { createConnection, createServer } from 'node:net';
import { constants } from 'node:os';

const EXIT_FORWARDER_FAILED = 125;
const PLACEHOLDER_KEY = 'dog-gateway';
/** @type {NodeJS.Signals[]} */
const FORWARDED_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** @param {string} message @param {number} code @returns {never} */
function die(message, code = EXIT_FORWARDER_FAILED) {
  process.stderr.write(`dog-forwarder: ${message}\n`);
  process.exit(code);
}

/** @param {string[]} argv @returns {{ socket: string, port: number, agent: string[] }} */
function parseArgs(argv) {
  /** @type {string | undefined} */
  let socket;
  let port = Number.NaN;
  let index = 0;
  for (; index < argv.length && argv[index] !== '--'; index += 2) {
    const [flag, value] = [argv[index], argv[index + 1]];
    if (flag === '--socket' && value !== undefined) socket = value;
    else if (flag === '--port' && value !== undefined) port = Number(value);
    else die(`unexpected argument ${JSON.stringify(flag)}`);
  }
  const agent = argv.slice(index + 1);
  const usage = 'usage: forwarder.mjs --socket <path> --port <n> -- <agent argv...>';
  if (socket === undefined || agent.length === 0) die(usage);
  if (!Number.isInteger(port) || port < 0 || port > 65535) die(`invalid --port; ${usage}`);
  return { socket, port, agent };
}

/** Resolves once a connection to the gateway socket succeeds; dies otherwise. @param {string} socket */
function probeGateway(socket) {
  return new Promise((resolve) => {
    const probe = createConnection({ path: socket });
    probe.once('connect', () => {
      probe.destroy();
      resolve(undefined);
    });
    probe.once('error', (err) => {
      const code = /** @type {NodeJS.ErrnoException} */ (err).code ?? err.message;
      die(
        `the model gateway socket ${socket} is not reachable (${code}); refusing to start the agent`,
      );
    });
  });
}

/** Pipes one agent connection to the gateway socket, both ways. @param {string} socket */
function bridgeTo(socket) {
  return (/** @type {import('node:net').Socket} */ client) => {
    const gateway = createConnection({ path: socket, allowHalfOpen: true });
    client.pipe(gateway);
    gateway.pipe(client);
    // An end travels through the pipes; a failure or a vanished agent cuts both sides.
    client.on('error', () => gateway.destroy());
    gateway.on('error', () => client.destroy());
    client.on('close', () => gateway.destroy());
    gateway.on('close', (hadError) => {
      if (hadError) client.destroy();
    });
  };
}

/** @param {string} socket @param {number} port @returns {Promise<number>} the port listened on */
function listen(socket, port) {
  const server = createServer({ allowHalfOpen: true }, bridgeTo(socket));
  return new Promise((resolve) => {
    server.once('error', (err) => die(`cannot listen on 127.0.0.1:${port}: ${err.message}`));
    server.listen({ host: '127.0.0.1', port }, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') die('no TCP address to listen on');
      resolve(address.port);
    });
  });
}

/** @param {number} port @returns {NodeJS.ProcessEnv} */
function agentEnvironment(port) {
  const root = `http://127.0.0.1:${port}`;
  const noProxy = [process.env.NO_PROXY ?? process.env.no_proxy, '127.0.0.1', 'localhost']
    .filter((part) => part !== undefined && part !== '')
    .join(',');
  return {
    ...process.env,
    DOG_MODEL_BASE_URL: root,
    OPENAI_BASE_URL: `${root}/v1`,
    ANTHROPIC_BASE_URL: root,
    OPENAI_API_KEY: PLACEHOLDER_KEY,
    ANTHROPIC_API_KEY: PLACEHOLDER_KEY,
    NO_PROXY: noProxy,
    no_proxy: noProxy,
  };
}

/** @param {string[]} agent @param {number} port */
function runAgent(agent, port) {
  const [command, ...args] = agent;
  if (command === undefined) die('no agent command');
  const child = spawn(command, args, { stdio: 'inherit', env: agentEnvironment(port) });
  for (const signal of FORWARDED_SIGNALS) process.on(signal, () => child.kill(signal));
  child.once('error', (err) => {
    const code = /** @type {NodeJS.ErrnoException} */ (err).code;
    die(
      `cannot start the agent ${JSON.stringify(command)}: ${err.message}`,
      code === 'ENOENT' ? 127 : 126,
    );
  });
  child.once('exit', (code, signal) => {
    const number = signal === null ? 0 : (constants.signals[signal] ?? 0);
    process.exit(code ?? 128 + number);
  });
}

const options = parseArgs(process.argv.slice(2));
await probeGateway(options.socket);
runAgent(options.agent, await listen(options.socket, options.port));

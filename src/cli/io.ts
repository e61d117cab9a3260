import type { Output } from '../reporting/terminal.js';

/** What a command may touch of its process: injected so tests run commands in-process. */
export type Io = {
  stdout: Output;
  stderr: Output;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
};

// The runner reads a `run:` step's stdout and stderr for workflow commands, and `dog` prints
// what verifiers wrote (reasons from evidence, crash messages, file names): every line `dog`
// writes goes through one neutraliser per stream (core/workflowCommands.ts). Always, not only
// when GITHUB_ACTIONS is set: a container or a remote shell inside a step does not pass that
// variable on, and its output still reaches the runner. JSON on stdout keeps its meaning.
import { CommandNeutraliser } from '../core/workflowCommands.js';
import type { Output } from '../reporting/terminal.js';
import type { Io } from './io.js';

export function commandSafeIo(io: Io): Io {
  return { ...io, stdout: commandSafe(io.stdout), stderr: commandSafe(io.stderr) };
}

function commandSafe(output: Output): Output {
  const neutraliser = new CommandNeutraliser();
  return { ...output, write: (text) => output.write(neutraliser.write(text)) };
}

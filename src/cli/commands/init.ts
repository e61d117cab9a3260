import { ExitCode, type ExitCodeValue } from '../../core/errors.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../io.js';

export function commandInit(_args: CliArgs, _io: Io): Promise<ExitCodeValue> {
  return Promise.resolve(ExitCode.success);
}

// DESIGN §9: the exit code of a settled run, shared by `dog run` and the Action's steps.
import { ExitCode, type ExitCodeValue } from '../errors.js';
import type { RunReport } from './model.js';

export function exitCodeFor(report: Pick<RunReport, 'rootState'>): ExitCodeValue {
  switch (report.rootState) {
    case 'success':
    case 'partial_success':
      return ExitCode.success;
    case 'failure':
      return ExitCode.failure;
    case 'cancelled':
      return ExitCode.cancelled;
    default:
      return ExitCode.needsPerson;
  }
}

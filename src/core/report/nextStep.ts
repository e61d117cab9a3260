// What to do about a goal that failed or waits: one table by error category, then by state,
// shared by every renderer. Worded for both fronts (the CLI's --fresh, the Action's fresh).
import type { ErrorCategory } from '../types.js';
import type { ReportSettlement } from './model.js';

const RERUN_FRESH =
  're-run with fresh verification (dog run --fresh, or the Action input fresh: true)';

const BY_CATEGORY: Record<ErrorCategory, (target: string) => string> = {
  target_missing: (t) => `create ${t} (build it before DoG runs) or fix the goal's target`,
  target_unsafe: (t) => `make ${t} a plain file or directory inside the workspace`,
  capture_too_large: () =>
    'make the target smaller, exclude paths from it, or raise limits.maxCaptureBytes',
  crash: () => "see the script's output in the report, then fix the script or what it checks",
  timeout: () => 'make the verifier faster or raise its timeout (timeouts in the configuration)',
  malformed_output: () =>
    'make the verifier return exactly {"verdict", "evidence"} (docs/scripts.md)',
  unverified_pass: () => `sharpen the instruction or the capture, then ${RERUN_FRESH}`,
  provider_error: () =>
    `check the model provider's configuration and credentials, then ${RERUN_FRESH}`,
  empty_evidence: () => 'make the verifier say what it observed in its evidence',
  evidence_too_large: () => 'make the evidence smaller, or raise limits.maxEvidenceBytes',
  digest_mismatch: () => RERUN_FRESH,
  no_capability: () => 'configure a model provider (providers and models), or change the verifier',
  budget_exhausted: () => 'raise the budget in the configuration, or narrow the goal',
  dependency_needs_human: () => 'settle the goal it depends on first',
  sandbox_unavailable: () => 'install bubblewrap (dog doctor says what is missing)',
  script_missing: () => 'add the script to .dog/scripts/ on the trusted branch, or fix its name',
  cancelled: () => 're-run',
  record_missing: () => 're-run the workflow; the job that verified this goal left no record',
  record_integrity: () => 're-run the workflow; a record was refused as altered',
  internal: () => 're-run; if it happens again, report it with the report attached',
};

/**
 * The next step for a goal that failed or waits, or undefined when there is nothing to do
 * (success, pending, running). Its category decides first, then its state.
 */
export function nextStepOf(settlement: ReportSettlement): string | undefined {
  const target = settlement.target === undefined ? 'the target' : settlement.target;
  if (settlement.decidedBy)
    return settlement.verdict === 'fail'
      ? 'a person rejected these bytes: change them (or the verifier), or retry the goal (dog run --retry)'
      : undefined;
  if (settlement.error) return BY_CATEGORY[settlement.error.category](target);
  switch (settlement.state) {
    case 'failure':
      return settlement.verdict === 'fail'
        ? 'fix what the evidence names, or the verifier if it is wrong'
        : 'fix the failing goals it needs';
    case 'needs_human':
      return settlement.verdict === 'inconclusive'
        ? `${RERUN_FRESH}, or fix the verifier`
        : 'settle the goals it waits for';
    case 'blocked':
      return 'fix the goal it depends on';
    case 'partial':
      return 'review the tolerated goals under it';
    case 'cancelled':
      return 're-run';
    default:
      return undefined;
  }
}

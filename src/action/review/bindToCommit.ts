// A report's digests count for a decision only when decide finds them in a commit GitHub
// vouches for: the pull request's head (the bytes a reviewer reads), or, when the target there
// differs, the test merge commit DoG's run checked out — only while it is still the one GitHub
// names for the pull request (`merge_commit_sha`), since a commit sha in a report is the
// report's word.
import type { CompiledGraph } from '../../core/graph/model.js';
import { boundKeys, unboundProblem } from '../../core/human/derivedBinding.js';
import type { ReviewChange } from '../../core/human/change.js';
import type { RunReport } from '../../core/report/model.js';
import type { HostContext } from '../../engine/host/context.js';
import type { PullRequestInfo } from '../comment/client.js';
import type { ActionJob } from '../services.js';
import { deriveFromCommit } from './deriveFromCommit.js';

export type BindingCheck = {
  report: RunReport;
  graph: CompiledGraph;
  context: HostContext;
  change: ReviewChange;
  pull: PullRequestInfo;
};

/** Why the change cannot bind to the report's digests, or undefined when it can. */
export async function bindingProblem(
  job: ActionJob,
  check: BindingCheck,
): Promise<string | undefined> {
  const keys = boundKeys(check.change);
  if (keys.length === 0) return undefined;
  let problem: string | undefined;
  for (const commit of commitsToRead(check)) {
    const derived = await deriveFromCommit(job, { ...check, commit, keys });
    problem = unboundProblem(check.report, check.graph, derived);
    if (problem === undefined) return undefined;
  }
  return problem;
}

function commitsToRead({ report, pull }: BindingCheck): string[] {
  const checkedOut = report.trigger?.sha;
  const merge = pull.mergeSha !== undefined && checkedOut === pull.mergeSha ? [pull.mergeSha] : [];
  return [pull.headSha, ...merge.filter((sha) => sha !== pull.headSha)];
}

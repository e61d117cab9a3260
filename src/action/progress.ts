// Progress in the job log: one line per verification, grouped by nothing but time. An error's
// message keeps its line breaks visible in that one line: what a script printed never starts
// a log line that reads like DoG's own.
import type { WorkItem } from '../core/graph/model.js';
import type { VerificationRecord } from '../core/types.js';
import { singleLogLine } from '../core/workflowCommands.js';
import type { ProgressListener } from '../engine/ports.js';
import type { ActionLog } from './services.js';

export function actionProgress(log: ActionLog): ProgressListener {
  return {
    planned: ({ verify, inherit, settled, targets }) =>
      log.info(
        `DoG: ${targets} targets captured; ${verify} to verify, ${inherit} inherited, ${settled} settled without a verifier`,
      ),
    started: (item: WorkItem) => log.info(`DoG: verifying ${item.key}`),
    settled: (item: WorkItem, record: VerificationRecord) => {
      const seconds = (record.usage.durationMs / 1000).toFixed(1);
      const why = record.error
        ? ` (${record.error.category}: ${singleLogLine(record.error.message.slice(0, 200))})`
        : '';
      log.info(`DoG: ${item.key} → ${record.verdict} in ${seconds} s${why}`);
    },
    warning: (message: string) => log.warning(message),
  };
}

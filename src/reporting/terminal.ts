// Human output on stderr: progress while verifications run (the summary after it is
// terminalSummary.ts).
import type { WorkItem } from '../core/graph/model.js';
import type { VerificationRecord } from '../core/types.js';
import type { ProgressListener } from '../engine/ports.js';

export type Output = { write(text: string): void; isTTY?: boolean };

const VERDICT_MARK = { pass: '✔', fail: '✘', inconclusive: '?' } as const;

export class TerminalProgress implements ProgressListener {
  private total = 0;
  private done = 0;
  private readonly runningKeys = new Set<string>();

  constructor(private readonly out: Output) {}

  planned(counts: { verify: number; inherit: number; settled: number; targets: number }): void {
    this.total = counts.verify;
    this.out.write(
      `captured ${counts.targets} target${counts.targets === 1 ? '' : 's'}; ${counts.inherit} inherited, ${counts.verify} to verify${counts.settled ? `, ${counts.settled} settled without a verifier` : ''}\n`,
    );
  }

  started(item: WorkItem): void {
    this.runningKeys.add(item.key);
    this.redraw();
  }

  settled(item: WorkItem, record: VerificationRecord): void {
    this.runningKeys.delete(item.key);
    this.done += 1;
    const seconds = (record.usage.durationMs / 1000).toFixed(1);
    const why = record.error ? ` (${record.error.category})` : '';
    this.clearLine();
    this.out.write(
      `  ${VERDICT_MARK[record.verdict]} ${item.key} ${record.verdict}${why} ${seconds}s\n`,
    );
    this.redraw();
  }

  warning(message: string): void {
    this.clearLine();
    this.out.write(`warning: ${message}\n`);
  }

  private redraw(): void {
    if (!this.out.isTTY) return;
    if (this.runningKeys.size === 0) return this.clearLine();
    const running = [...this.runningKeys].slice(0, 3).join(', ');
    this.out.write(`\r\u001b[2K[${this.done}/${this.total}] ${running}`);
  }

  private clearLine(): void {
    if (this.out.isTTY) this.out.write('\r\u001b[2K');
  }
}

/** "2 pass, 1 fail, 0 inconclusive" */
export function voteSplit(votes: readonly { verdict: string }[]): string {
  const count = (verdict: string): number => votes.filter((v) => v.verdict === verdict).length;
  return `${count('pass')} pass, ${count('fail')} fail, ${count('inconclusive')} inconclusive`;
}

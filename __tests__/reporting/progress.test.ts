import type { WorkItem } from '../../src/core/graph/model.js';
import type { VerificationRecord } from '../../src/core/types.js';
import { TerminalProgress } from '../../src/reporting/terminal.js';

const item = (key: string): WorkItem => ({
  key,
  goalId: key,
  role: 'leaf',
  target: `${key}.txt`,
  verifier: { mode: 'programmatic', script: 'file.exists' },
  reuse: 'auto',
});

const record = (verdict: 'pass' | 'fail'): VerificationRecord =>
  ({ verdict, usage: { durationMs: 1200, tokens: 0, costUsd: 0 } }) as VerificationRecord;

function progress(isTTY: boolean) {
  let text = '';
  const out = new TerminalProgress({ write: (chunk) => void (text += chunk), isTTY });
  return { out, text: () => text };
}

describe('terminal progress', () => {
  test('on a TTY it redraws one status line and leaves nothing behind when work is done', () => {
    const { out, text } = progress(true);
    out.planned({ verify: 2, inherit: 0, settled: 0, targets: 2 });
    out.started(item('a'));
    out.started(item('b'));
    expect(text()).toContain('[0/2] a, b');
    out.settled(item('a'), record('pass'));
    out.settled(item('b'), record('fail'));
    expect(text()).toContain('  ✔ a pass 1.2s\n');
    expect(text()).toContain('  ✘ b fail 1.2s\n');
    // After the last verification the status line is cleared, not left for the summary.
    expect(text().endsWith('\r\u001b[2K')).toBe(true);
  });

  test('without a TTY it prints one plain line per verification and no control codes', () => {
    const { out, text } = progress(false);
    out.planned({ verify: 1, inherit: 3, settled: 0, targets: 2 });
    out.started(item('a'));
    out.settled(item('a'), record('pass'));
    expect(text()).toBe('captured 2 targets; 3 inherited, 1 to verify\n  ✔ a pass 1.2s\n');
  });
});

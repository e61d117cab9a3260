// The bootstrap renderer: PR-authored titles and problems stay text, and a graph of any size
// gives a summary a check run accepts.
import {
  BOOTSTRAP_SUMMARY_CHARS,
  renderBootstrapSummary,
  renderGraphChange,
  type BootstrapView,
  type ProposedWork,
} from '../../../src/reporting/github/bootstrap.js';

const work = (i: number, title: string): ProposedWork => ({
  key: `g${i}`,
  title,
  role: 'leaf',
  target: `files/g${i}.txt`,
  verifier: { mode: 'programmatic', script: 'file.exists' },
  presence: 'file',
});

const view = (items: ProposedWork[]): BootstrapView => ({
  source: 'pull request',
  graphPath: '.dog/graph.yaml',
  base: 'base commit 111111111111',
  proposed: { valid: true, graphId: 'g', goals: items.length + 1, work: items },
});

test('a title cannot end the table row, open markup or mention anyone', () => {
  const text = renderBootstrapSummary(view([work(1, 'a | b\n| x | <img src=x> @octocat')]));
  const row = text.split('\n').find((line) => line.startsWith('| `g1`'));
  expect(row).toBeDefined();
  expect(row!.split(' | ')).toHaveLength(5);
  expect(text).not.toContain('<img');
  expect(text).not.toContain('@octocat');
});

test('ten thousand goals with long titles stay under the check-run limit and say how many are left out', () => {
  const items = Array.from({ length: 10_000 }, (_, i) => work(i, `${'<'.repeat(290)} ${i}`));
  const text = renderBootstrapSummary(view(items));
  expect(text.length).toBeLessThanOrEqual(BOOTSTRAP_SUMMARY_CHARS);
  expect(text).toMatch(/… and \d+ more\./);
  expect(text).toContain('10000 verification(s)');
});

test('an invalid proposal lists its problems, escaped and bounded', () => {
  const problems = Array.from({ length: 80 }, (_, i) => ({
    pointer: `/nodes/n${i}`,
    subject: `n${i}`,
    message: 'unknown script "<script>"',
  }));
  const text = renderBootstrapSummary({
    ...view([]),
    proposed: { valid: false, message: '.dog/graph.yaml: 80 problems', problems },
  });
  expect(text).toContain('DoG: bootstrap — the proposed graph is invalid');
  expect(text).toContain('… and 30 more');
  expect(text).not.toContain('<script>');
});

test('a change section names added, removed and changed goals', () => {
  const text = renderGraphChange({
    source: 'merge group',
    paths: ['.dog/graph.yaml', '.dog/scripts/lint'],
    proposed: { valid: true, goals: 4, added: ['b'], removed: ['a'], changed: [] },
  });
  expect(text).toContain('This merge group changes');
  expect(text).toContain('`.dog/graph.yaml`, `.dog/scripts/lint`');
  expect(text).toContain('Added: `b`. Removed: `a`. Changed: none.');
});

// GitHub's size limits, held by every rendering of one run with 500 failing goals whose titles,
// evidence and locations are as long as a report allows: the sticky comment (65,536
// characters), the check run's summary and text (65,535 each, annotations in batches of 50),
// the job summary (1 MiB), and the report itself, which must still validate.
import { validateAgainst } from '../../../src/schemas/validate.js';
import { buildCheckRunOutput } from '../../../src/reporting/github/checkRun.js';
import { COMMENT_LIMIT_CHARS, renderComment } from '../../../src/reporting/github/comment.js';
import { renderJobSummary } from '../../../src/reporting/github/summary.js';
import { settle, wideGraph } from './fixtures.js';

const ONE_MIB = 1_048_576;

describe('one run with 500 failing goals', () => {
  const graph = wideGraph(10, 50, (g, i) => ({
    title: `Module ${g} file ${i}: ${'a long title with | pipes <b> & ampersands '.repeat(6)}`,
  }));
  let index = 0;
  const { report } = settle(graph, () => {
    index += 1;
    return {
      verdict: index % 2 === 0 ? 'fail' : 'inconclusive',
      evidence: { summary: `x | ${'y'.repeat(3000)}`, index },
      locations: [{ path: 'src/a.ts', line: index, message: `m ${'z'.repeat(200)}` }],
    };
  });

  it('is a schema-valid report', () => {
    const failing = Object.values(report.nodes).filter(
      (node) => node.state === 'failure' || node.state === 'needs_human',
    );
    expect(failing.length).toBeGreaterThanOrEqual(500);
    expect(validateAgainst('report', report).ok).toBe(true);
  });

  it('renders a comment, a check run and a job summary within GitHub limits', () => {
    const comment = renderComment(report, graph, {
      checkName: 'DoG',
      checkRunUrl: 'https://github.com/o/r/runs/1',
      runUrl: 'https://github.com/o/r/actions/runs/2',
      artifact: 'dog-report',
    });
    expect(comment.length).toBeLessThanOrEqual(COMMENT_LIMIT_CHARS);
    expect(comment).toMatch(/… and \d+ more; see the report/);

    const output = buildCheckRunOutput(report, graph);
    expect(output.summary.length).toBeLessThanOrEqual(65_535);
    expect((output.text ?? '').length).toBeLessThanOrEqual(65_535);
    expect(output.title.length).toBeLessThanOrEqual(1_000);
    expect(output.annotations.length).toBeGreaterThan(0);

    const summary = renderJobSummary(report, graph);
    expect(Buffer.byteLength(summary, 'utf8')).toBeLessThan(ONE_MIB);
  });
});

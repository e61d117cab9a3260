// The sticky pull request comment: root first, problems with reason and evidence location,
// decisions by login, commands and links; hostile report text stays inert; 500 failing goals
// stay within GitHub's comment limit.
import {
  COMMENT_LIMIT_CHARS,
  commentMarker,
  renderComment,
  wantsAttention,
} from '../../src/reporting/github/comment.js';
import { deck, HOSTILE_TITLE } from './github/deck.js';
import { settle, wideGraph } from './github/fixtures.js';
import { checkStructure } from './github/markdownCheck.js';

const LINKS = {
  checkName: 'DoG',
  checkRunUrl: 'https://github.com/octo-org/octo-repo/runs/42',
  runUrl: 'https://github.com/octo-org/octo-repo/actions/runs/1234',
  artifact: 'dog-report',
};

/** page3 inconclusive (waits for a person), brand failed (tolerated), the rest pass. */
const WAITING = {
  renders: 'pass',
  page3: 'inconclusive',
  brand: 'fail',
  fancy: 'pass',
  plain: 'pass',
  'bundle#assert': 'pass',
} as const;

describe('renderComment', () => {
  test('starts with its marker and the root state, then lists what failed or waits', () => {
    const { report, graph } = deck(WAITING);
    const text = renderComment(report, graph, LINKS);
    const lines = text.split('\n');
    expect(lines[0]).toBe('<!-- dog:comment check="DoG" -->');
    expect(lines[2]).toMatch(/^## DoG: NEEDS A PERSON — `deck-quality`$/);
    expect(text).toMatch(
      /6 verified in this run · 1 inherited · 1 \(1 tolerated\) failed · 1 waiting for a person/,
    );
    expect(text).toMatch(/cost 0\.0300 USD, 3000 tokens/);
    const problems = lines.filter((l) => l.startsWith('- `'));
    expect(problems[0]).toMatch(
      /^- `page3` \*\*needs_human\*\*: .* — crash.* \(evidence in the report\)$/,
    );
    expect(problems[1]).toMatch(
      /^- `brand` \*\*failure \(tolerated\)\*\*: .* \(evidence at build\/pages\/styles&#46;css&#58;12\)$/,
    );
    expect(text).toContain('\n/dog approve GOAL REASON\n');
    expect(text).toContain('[Check run](https://github.com/octo-org/octo-repo/runs/42)');
    expect(text).toContain('(https://github.com/octo-org/octo-repo/actions/runs/1234)');
  });

  test('report text cannot open markup, mention anyone or close the details block', () => {
    const { report, graph } = deck(WAITING);
    const text = renderComment(report, graph, LINKS);
    expect(text).not.toContain('<img');
    expect(text).not.toContain('@octocat');
    expect(text).not.toContain(HOSTILE_TITLE.slice(0, 20));
    expect(text.match(/<\/details>/g)).toHaveLength(1);
    // The hidden marker is the one comment; the rest must pass the renderers' structure check.
    expect(checkStructure(text.split('\n').slice(1).join('\n')).fences).toHaveLength(1);
  });

  test('a decision is shown with its login, never as a plain pass', () => {
    const { report, graph } = deck(WAITING);
    const page3 = report.nodes.page3 as unknown as Record<string, unknown>;
    Object.assign(page3, {
      state: 'success',
      verdict: 'pass',
      decidedBy: {
        kind: 'human',
        login: 'alice',
        at: '2025-03-01T11:00:00Z',
        reason: 'overlap is by design',
        run: 'run-2',
      },
    });
    const text = renderComment(report, graph, LINKS);
    expect(text).toContain('### Decisions');
    expect(text).toContain('- `page3` approved by @alice: overlap is by design');
    expect(text).toMatch(/1 decided by a person/);
  });

  test('a login that is not a GitHub login is not shown as a mention', () => {
    const { report, graph } = deck(WAITING);
    Object.assign(report.nodes.page3 as object, {
      decidedBy: { kind: 'human', login: 'alice <img>', at: 'x', reason: 'r', run: 'r' },
    });
    expect(renderComment(report, graph, LINKS)).not.toContain('### Decisions');
  });

  test('the check name cannot end the hidden marker', () => {
    expect(commentMarker('DoG --> <b>x</b>')).toBe(
      '<!-- dog:comment check="DoG --%3e %3cb%3ex%3c/b%3e" -->',
    );
  });

  test('auto wants a comment only when something failed or waits', () => {
    const ok = deck({
      renders: 'pass',
      page3: 'pass',
      brand: 'pass',
      fancy: 'pass',
      plain: 'pass',
      'bundle#assert': 'pass',
    });
    expect(ok.report.rootState).toBe('success');
    expect(wantsAttention(ok.report, ok.graph)).toBe(false);
    const waiting = deck(WAITING);
    expect(wantsAttention(waiting.report, waiting.graph)).toBe(true);
  });

  test('500 failing goals with long titles stay under the limit with "… and N more"', () => {
    const graph = wideGraph(10, 50, (g, i) => ({
      title: `Module ${g} file ${i}: ${'a very long title | <b> & '.repeat(20)}`,
    }));
    const { report } = settle(graph, () => ({
      verdict: 'fail',
      evidence: { summary: `x | ${'y'.repeat(3000)}` },
      locations: [{ path: 'src/a.ts', line: 1, message: 'm' }],
    }));
    const text = renderComment(report, graph, LINKS);
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT_CHARS);
    const shown = text.split('\n').filter((l) => l.startsWith('- `g')).length;
    expect(shown).toBeGreaterThan(50);
    expect(text).toContain(`- … and ${500 - shown} more; see the report`);
    expect(text).toContain('[Check run]');
  });
});

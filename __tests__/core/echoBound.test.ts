// Every echo of user input in compiler, schema and configuration errors is bounded: a 3 MB id
// or key yields a few lines that still say what is wrong, with its length.
import { ECHO_CHARS } from '../../src/core/echo.js';
import {
  ConfigError,
  formatProblem,
  GraphError,
  UserError,
  type Problem,
} from '../../src/core/errors.js';
import { composite, doc, edge, leaf, problemsOf, ref } from './fixtures.js';

const HUGE = 'x'.repeat(3 * 1024 * 1024);
const TAIL = `… (${HUGE.length} characters)`;
const SHOWN = `${'x'.repeat(ECHO_CHARS - TAIL.length)}${TAIL}`;

/** Everything a user would see of these problems, as `dog validate` prints and --json writes. */
function printed(problems: readonly Problem[]): string {
  const error = new GraphError('graph.yaml', problems);
  const lines = [error.message, ...error.problems.map(formatProblem)];
  return `${lines.join('\n')}\n${JSON.stringify(problems)}`;
}

describe('bounded echoes of user input', () => {
  test('a 3 MB node id: every problem is short, names the id by its head and length', () => {
    const document = doc({
      nodes: { root: composite(ref('a')), a: leaf('a.txt'), [HUGE]: leaf('b.txt') },
      contains: [edge('root', 'a'), edge('root', HUGE), edge(HUGE, 'a')],
    });
    const problems = problemsOf(document);
    expect(problems.length).toBeGreaterThan(2);
    const output = printed(problems);
    expect(output.length).toBeLessThan(8_000);
    expect(output).toContain(`node id "${SHOWN}" is not safe`);
    for (const problem of problems) {
      expect(problem.pointer.length).toBeLessThan(300);
      expect((problem.subject ?? '').length).toBeLessThan(600);
      expect(problem.message.length).toBeLessThan(1_000);
    }
  });

  test('a 3 MB unknown key, op, ref and script are each shown bounded', () => {
    const document = doc({
      nodes: {
        root: composite({
          op: 'all',
          items: [ref(HUGE), { op: HUGE }, { op: 'atLeast', count: HUGE, items: [ref('a')] }],
        }),
        a: { ...leaf('a.txt'), [HUGE]: true, verifier: { mode: 'programmatic', script: HUGE } },
      },
      contains: [edge('root', 'a')],
    });
    document[HUGE] = 1;
    const output = printed(problemsOf(document));
    expect(output.length).toBeLessThan(10_000);
    expect(output).toContain(`unknown field "${SHOWN}"`);
    expect(output).toContain(`ref "${SHOWN}" is not a direct child`);
    expect(output).toContain(`(got "${SHOWN.slice(0, 100)}`);
  });

  test('a ref among many children lists a bounded number of them', () => {
    const ids = Array.from({ length: 400 }, (_, index) => `child-${'c'.repeat(100)}-${index}`);
    const nodes: Record<string, Record<string, unknown>> = {
      root: composite({ op: 'all', items: [ref('nope'), ...ids.map(ref)] }),
    };
    for (const id of ids) nodes[id] = leaf(`${id}.txt`);
    const limits = { maxNodes: 1000, expression: { maxDepth: 64, maxNodes: 1000 } };
    const problems = problemsOf(
      doc({ nodes, contains: ids.map((id) => edge('root', id)) }),
      limits,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(/\(its children: .*, and 390 more\)$/);
    expect(problems[0]?.message.length).toBeLessThan(2_000);
  });

  test('any document error is bounded as a last resort (configuration from every room)', () => {
    const message = `model alias "${HUGE}" is odd`;
    const error = new ConfigError('config.yaml', [
      { pointer: `/models/${HUGE}`, subject: HUGE, message },
    ]);
    const [problem] = error.problems;
    expect(problem?.pointer).toBe(`/models/${SHOWN}`);
    expect(problem?.subject).toBe(`${'x'.repeat(300 - TAIL.length)}${TAIL}`);
    expect(new ConfigError('config.yaml', error.problems).problems).toEqual(error.problems);
    expect(problem?.message.length).toBeLessThan(2_100);
    expect(problem?.message).toMatch(new RegExp(`… \\(${message.length} characters\\)$`));
  });

  test('a usage or configuration message that quotes a huge value is bounded too', () => {
    const error = new UserError(`DOG_CONCURRENCY: expected an integer, got "${HUGE}"`);
    expect(error.message.length).toBeLessThanOrEqual(2_000);
    expect(error.message).toMatch(
      /^DOG_CONCURRENCY: expected an integer, got "x+… \(\d+ characters\)$/,
    );
  });
});

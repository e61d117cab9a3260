// An agentic pass needs proof in the tool log that the agent read the capture: a tool call in an
// earlier turn that returned capture content. A search that found nothing, an empty file, names
// and sizes are not content.
import type { AgenticVerificationOutcome } from '../../src/verify/agentic/verifier.js';
import {
  ScriptedClient,
  call,
  captureDir,
  read,
  removeTempDirs,
  reply,
  request,
  submit,
  verifierFor,
  type Step,
} from './support.js';

afterAll(removeTempDirs);

let root: string;
beforeAll(async () => {
  root = await captureDir({
    'README.md': '# Tool\n\nInstall with npm install tool.\n',
    'empty.txt': '',
    'logo.bin': Buffer.from([0x00, 0x01, 0x02, 0xff, 0x00, 0x10]),
  });
});

const EVIDENCE = { summary: 'README explains installation' };

async function passAfter(...steps: Step[]): Promise<AgenticVerificationOutcome> {
  const client = new ScriptedClient([...steps, submit('pass', EVIDENCE)]);
  return verifierFor(client).verify(request(root));
}

function search(pattern: string, extra: Record<string, unknown> = {}): Step {
  return reply([call('search_text', { pattern, ...extra })]);
}

describe('proof of reading', () => {
  test.each([
    ['read_file of a text file', read('README.md')],
    ['read_file of a binary file (its summary)', read('logo.bin')],
    ['search_text that lists a matching line', search('npm install')],
    ['a regular-expression search that lists a match', search('^Install', { regex: true })],
  ])('%s counts', async (_what, step) => {
    const outcome = await passAfter(step);
    expect(outcome.error).toBeUndefined();
    expect(outcome.verdict).toBe('pass');
  });

  test.each([
    ['search_text with no matches over every file', search('zzz-not-there')],
    ['a regular-expression search with no matches', search('^zzz$', { regex: true })],
    ['search_text with no matches in one file', search('zzz', { path: 'README.md' })],
    ['read_file of an empty file', read('empty.txt')],
    ['read_file past the end of a file', read('README.md', { offset: 10_000 })],
    ['list_files', reply([call('list_files', {})])],
    ['file_info', reply([call('file_info', { path: 'README.md' })])],
  ])('%s does not count: the pass is unverified_pass', async (_what, step) => {
    const outcome = await passAfter(step);
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('unverified_pass');
    expect(outcome.error?.message).toContain('no search_text that listed a matching line');
  });

  test('a search with no matches still lets the agent fail with evidence', async () => {
    const client = new ScriptedClient([
      search('zzz-not-there'),
      submit('fail', { searched: 'zzz-not-there', matches: 0 }),
    ]);
    const outcome = await verifierFor(client).verify(request(root));
    expect(outcome).toMatchObject({
      verdict: 'fail',
      evidence: { searched: 'zzz-not-there', matches: 0 },
    });
  });
});

describe('evidence that says something, from an agent', () => {
  test.each([[[[]]], [{ a: null }], [0], [false], [true], [[1, 2]]])(
    'a pass with evidence %j is empty_evidence',
    async (evidence) => {
      const client = new ScriptedClient([read('README.md'), submit('pass', evidence)]);
      const outcome = await verifierFor(client).verify(request(root));
      expect(outcome.verdict).toBe('inconclusive');
      expect(outcome.error?.category).toBe('empty_evidence');
    },
  );

  test('a named count is evidence', async () => {
    const client = new ScriptedClient([read('README.md'), submit('pass', { todoMarkers: 0 })]);
    const outcome = await verifierFor(client).verify(request(root));
    expect(outcome).toMatchObject({ verdict: 'pass', evidence: { todoMarkers: 0 } });
  });
});

// Proves runnerEnv/runAction: a step run as a child process, as the runner runs an action's
// entry, gets its inputs (with action.yml defaults), command files and the stand-in services.
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startInProcess, type InProcess } from '../support/actions/inProcess.js';
import { parseCommandFile } from '../support/actions/commandFiles.js';
import { runAction, runnerEnv } from '../support/actions/runner.js';
import { backendIdsForRun } from '../support/actions/runtimeToken.js';

const TIMEOUT = 60_000;
const REPO_ROOT = join(import.meta.dirname, '..', '..');
const TOKEN = 'ghs_faketoken000000000000000000000000';
const HEAD_SHA = 'b'.repeat(40);

let services: InProcess;

beforeAll(async () => {
  services = await startInProcess({ commits: [HEAD_SHA] });
}, TIMEOUT);

afterAll(() => services?.stop(), TIMEOUT);

describe('runAction', () => {
  test(
    'a step in a child process gets inputs, defaults and services, and leaves outputs',
    async () => {
      const { api, results, root } = services;
      const stepRoot = join(root, 'step');
      const env = runnerEnv({
        root: stepRoot,
        runId: 303,
        apiUrl: api.url,
        resultsUrl: results.url,
        actionYml: join(REPO_ROOT, 'action.yml'),
        githubToken: TOKEN,
        inputs: { command: 'plan', 'matrix-entry': '{"goal":"a"}' },
      });
      const entry = join(stepRoot, 'step.mjs');
      await writeFile(entry, childStep());
      const result = await runAction(entry, env, { timeoutMs: 60_000 });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.outputs).toEqual({
        'matrix-entry': '{"goal":"a"}',
        'token-ok': 'true',
        'check-name': 'DoG',
        multi: 'one\ntwo',
        'cache-id': '1',
      });
      expect(result.summary).toBe('<h1>Summary</h1>\n');
      expect(result.commands).toContainEqual({
        command: 'warning',
        properties: { file: 'a.ts', line: '3' },
        message: 'careful: 100%',
        line: '::warning file=a.ts,line=3::careful: 100%25',
      });
      expect(
        results.artifacts(backendIdsForRun(303, 'dog').runBackendId).map((a) => a.name),
      ).toEqual(['from-child']);
      expect(api.checkRuns.some((r) => r.name === 'child')).toBe(true);
      expect(results.cacheEntries().map((e) => e.key)).toEqual(['child-key']);
      expect(api.takeViolations()).toEqual([]);
      expect(await readdir(env.GITHUB_WORKSPACE!)).toContain('file.txt');
    },
    TIMEOUT,
  );
});

describe('runner files', () => {
  test('GITHUB_OUTPUT takes both name=value and heredoc entries', () => {
    const text = 'plain=a=b\nlong<<ghadelimiter_1\nx\n\ny\nghadelimiter_1\nempty<<EOF\nEOF\n';
    expect(parseCommandFile(text)).toEqual({ plain: 'a=b', long: 'x\n\ny', empty: '' });
  });

  test('inputs action.yml does not declare are refused, as a typo would be', () => {
    const { api, results, root } = services;
    const options = { root: join(root, 'typo'), apiUrl: api.url, resultsUrl: results.url };
    const actionYml = join(REPO_ROOT, 'action.yml');
    expect(() =>
      runnerEnv({ ...options, actionYml, githubToken: TOKEN, inputs: { grpah: 'x' } }),
    ).toThrow(/Unexpected input\(s\) grpah/);
    expect(() => runnerEnv({ ...options, actionYml })).toThrow(/github\.token/);
  });
});

/** A step script importing the real toolkit packages by absolute URL (it lives in /tmp). */
function childStep(): string {
  const pkg = (name: string, file: string) =>
    pathToFileURL(join(REPO_ROOT, 'node_modules', '@actions', name, 'lib', file)).href;
  return `
import * as core from ${JSON.stringify(pkg('core', 'core.js'))};
import { DefaultArtifactClient } from ${JSON.stringify(pkg('artifact', 'artifact.js'))};
import { getOctokit, context } from ${JSON.stringify(pkg('github', 'github.js'))};
import { saveCache } from ${JSON.stringify(pkg('cache', 'cache.js'))};
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
core.setOutput('matrix-entry', core.getInput('matrix-entry'));
core.setOutput('token-ok', String(core.getInput('token') === ${JSON.stringify(TOKEN)}));
core.setOutput('check-name', core.getInput('check-name'));
core.setOutput('multi', 'one\\ntwo');
core.warning('careful: 100%', { file: 'a.ts', startLine: 3 });
await core.summary.addHeading('Summary').write();
writeFileSync('file.txt', 'x');
await new DefaultArtifactClient().uploadArtifact('from-child', [resolve('file.txt')], process.cwd());
core.setOutput('cache-id', String(await saveCache(['file.txt'], 'child-key')));
await getOctokit(core.getInput('token')).rest.checks.create({ ...context.repo, name: 'child', head_sha: ${JSON.stringify(HEAD_SHA)} });
`;
}

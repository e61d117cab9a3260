// `command: run` on a pull request whose verifiers repeat the job's credentials: a script that
// prints the `token` input, GITHUB_TOKEN, ACTIONS_RUNTIME_TOKEN and the provider key (whole
// and in part, in evidence, an evidence key and its crash output), and a model that echoes
// its Authorization header in a tool call and in its verdict. No credential, nor any
// 12-character piece of one, may reach the job's files (report, records, cache directory,
// job summary, outputs), its log, the check run or the uploaded artifacts; the log registers
// every credential with ::add-mask::.
import { execFileSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import { backendIdsForRun, makeRuntimeToken } from '../../support/actions/runtimeToken.js';
import {
  startFakeModelServer,
  toolCallReply,
  type FakeModelServer,
  type FakeRequest,
} from '../../support/fakeModelServer.js';
import { leaks, leaksUnder } from '../../support/leaks.js';
import { unzipEntries, unzipText } from '../../support/zipText.js';
import { ISOLATION } from './fixtures.js';
import { BASE_SHA, expectOk, reportOf, TOKEN, World, type Files } from './world.js';

const TIMEOUT = 240_000;
const RUN_ID = 70;
const PROVIDER_KEY = 'sk-ant-api03-Xy9Wv8Ut7Sr6Qp5On4Ml3Kj2Ih1Gf0';
const ENV_GITHUB_TOKEN = 'ghs_envGithubT0kenQw3rtyUi0pAsdfGhjkLzxc';
const RUNTIME_TOKEN = makeRuntimeToken(backendIdsForRun(RUN_ID, 'dog'));
const SECRETS = [TOKEN, ENV_GITHUB_TOKEN, RUNTIME_TOKEN, PROVIDER_KEY];

let world: World;
let model: FakeModelServer;

beforeAll(async () => {
  world = await World.start({});
  model = await startFakeModelServer(echoingModel);
}, 60_000);

afterAll(async () => {
  await model?.close();
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

/** Octal escapes for the shell's printf: the script's text holds no piece of `text`. */
function octal(text: string): string {
  return [...Buffer.from(text)].map((byte) => `\\${byte.toString(8).padStart(3, '0')}`).join('');
}

/** The script never contains a credential: it decodes each one before printing it. */
function printing(tokens: readonly string[], how: 'evidence' | 'crash'): string {
  const decode = tokens.map((t, i) => `t${i}=$(printf '${octal(t)}')`).join('\n');
  const all = tokens.map((_, i) => `$t${i}`).join(' ');
  const pieces = tokens.map((_, i) => `$(printf %s "$t${i}" | cut -c5-24)`).join(' ');
  if (how === 'crash') return `#!/bin/sh\n${decode}\necho "auth: ${all} / ${pieces}" >&2\nexit 4\n`;
  const evidence = `{"printed":"${all}","pieces":"${pieces}","$t0":"a key","nested":[{"h":"Bearer $t3"}]}`;
  return `#!/bin/sh\n${decode}\necho '{"verdict":"fail","evidence":'"${evidence.replace(/"/g, '\\"')}"'}'\n`;
}

function echoingModel(request: FakeRequest) {
  const auth = request.headers.authorization ?? request.headers['x-api-key'] ?? 'none';
  const turn = (request.body as { messages?: unknown[] }).messages?.length ?? 0;
  if (turn <= 2)
    return toolCallReply('openai', [{ id: 'r1', name: 'read_file', args: { path: auth } }]);
  const evidence = { sent: auth, piece: auth.slice(9, 29), [auth]: 'key' };
  return toolCallReply('openai', [
    { id: 's1', name: 'submit_verdict', args: { verdict: 'fail', evidence } },
  ]);
}

function trustedFiles(): Files {
  const leaf = (id: string, verifier: string) =>
    `  ${id}:\n    kind: leaf\n    title: ${id} holds\n    target: docs/guide.md\n    verifier: ${verifier}\n`;
  const ids = ['printed', 'crashed', 'echoed'];
  return {
    '.dog/graph.yaml': `schemaVersion: "1"\nid: leaky\nroot: root\nnodes:\n  root:\n    kind: composite\n    title: All hold\n    completion: {op: all, items: [${ids.map((id) => `{op: ref, id: ${id}}`).join(', ')}]}\n${leaf('printed', '{mode: programmatic, script: leak.print}')}${leaf('crashed', '{mode: programmatic, script: leak.crash}')}${leaf('echoed', '{mode: agentic, instruction: The guide greets.}')}contains:\n${ids.map((id) => `  - {parent: root, child: ${id}}\n`).join('')}`,
    '.dog/config.yaml': `providers:\n  fake: {kind: openai, baseUrl: "${model.url}/v1", apiKeyEnv: DOG_TEST_KEY}\nmodels:\n  default: {provider: fake, model: fake-model}\n${ISOLATION}`,
    '.dog/scripts/leak.print': printing(SECRETS, 'evidence'),
    '.dog/scripts/leak.crash': printing(SECRETS, 'crash'),
  };
}

test(
  'no credential reaches the report, records, summary, check run, artifacts, cache or log',
  async () => {
    const trusted = trustedFiles();
    world.api.setFiles(BASE_SHA, trusted);
    const result = await world.step({
      runId: RUN_ID,
      job: 'dog',
      files: { ...trusted, 'docs/guide.md': '# Guide\n\nHello.\n' },
      // Saved to the pull request's own scope, so that the pack's records are checked too.
      inputs: { command: 'run', 'trust-pull-request-cache': 'true' },
      extraEnv: {
        DOG_TEST_KEY: PROVIDER_KEY,
        GITHUB_TOKEN: ENV_GITHUB_TOKEN,
        // The runner's token is minted per step; this one is known before the script is written.
        ACTIONS_RUNTIME_TOKEN: RUNTIME_TOKEN,
      },
    });
    expect(result.code).toBe(1);
    const report = await reportOf(result);
    if (report.nodes.crashed?.error?.category !== 'crash') expectOk(result, 'run');
    expect(report.nodes.printed?.state).toBe('failure');
    expect(report.nodes.echoed?.state).toBe('failure');
    expect(model.requests[0]?.headers.authorization).toBe(`Bearer ${PROVIDER_KEY}`);
    // What the verifiers wrote is kept, with the credentials cut out.
    expect(JSON.stringify(report.nodes.printed)).toContain('[REDACTED]');
    expect(report.nodes.crashed?.error?.message).toContain('[REDACTED]');
    expect(JSON.stringify(report.nodes.echoed)).toContain('[REDACTED]');

    const masked = result.commands.filter((c) => c.command === 'add-mask').map((c) => c.message);
    expect(masked).toEqual(expect.arrayContaining(SECRETS));
    const log = result.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n');
    const check = world.api.checkRuns.at(-1);
    expect(check?.conclusion).toBe('failure');
    const found = [
      ...leaks('stdout', log, SECRETS),
      ...leaks('stderr', result.stderr, SECRETS),
      ...leaks('job summary', result.summary, SECRETS),
      ...leaks('outputs', JSON.stringify(result.outputs), SECRETS),
      ...leaks('check run', JSON.stringify(world.api.checkRuns), SECRETS),
      // The job's whole runner directory: checkout, RUNNER_TEMP (store, report.json,
      // report.html, what was uploaded), HOME (the records saved to the cache), command files.
      ...(await leaksUnder(world.lastRoot, SECRETS)),
    ];
    const artifacts = world.results.artifacts();
    expect(artifacts.map((a) => a.name)).toContain('dog-report');
    for (const artifact of artifacts) {
      const zip = await world.results.readArtifact(artifact.id);
      expect(unzipEntries(zip).length).toBeGreaterThan(0);
      found.push(...leaks(`artifact ${artifact.name}`, unzipText(zip), SECRETS));
    }
    const entries = world.results.cacheEntries();
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const tar = unpackCacheArchive(await world.results.readCacheEntry(entry.id));
      expect(tar.toString('latin1')).toContain('"schemaVersion"');
      found.push(...leaks(`cache entry ${entry.key}`, tar.toString('latin1'), SECRETS));
    }
    expect(found).toEqual([]);
  },
  TIMEOUT,
);

/** The tar inside a cache archive: zstd-compressed when the runner has zstd, else gzip. */
function unpackCacheArchive(bytes: Buffer): Buffer {
  const zstdMagic = bytes.readUInt32LE(0) === 0xfd2fb528;
  return zstdMagic ? execFileSync('zstd', ['-dc'], { input: bytes }) : gunzipSync(bytes);
}

// The Action's first step, before the engine loads: a mistake in the inputs or the runner's
// environment fails the step with the error annotation and exit code the full Action gives,
// with every credential masked and redacted. And the bundle is laid out so that this first
// step really is small: the entry's static imports hold none of the engine or the toolkit,
// and only a Copilot verification loads the Copilot SDK.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { startAction } from '../../../src/action/start.js';
import { ExitCode } from '../../../src/core/errors.js';

const TOKEN = 'ghs_abcdefghijklmnopqrstuvwxyz0123456789';
const DIST = join(process.cwd(), 'dist');

async function started(env: NodeJS.ProcessEnv): Promise<{ result: unknown; log: string }> {
  let log = '';
  const result = await startAction(env, (text) => (log += text));
  return { result, log };
}

test('a bad input fails the step with exit 2, the token masked first and redacted', async () => {
  const { result, log } = await started({ GITHUB_TOKEN: TOKEN, INPUT_COMMAND: TOKEN });
  expect(result).toBe(ExitCode.invalid);
  const lines = log.split('\n');
  expect(lines[0]).toBe(`::add-mask::${TOKEN}`);
  expect(lines[1]).toMatch(/^::error::DoG: input command: expected one of run, plan, .*got "/);
  expect(log.split('\n').slice(1).join('\n')).not.toContain(TOKEN.slice(4, 16));
});

test('outside a runner the step says what is missing', async () => {
  const { result, log } = await started({ INPUT_COMMAND: 'plan' });
  expect(result).toBe(ExitCode.invalid);
  expect(log).toBe(
    '::error::DoG: GITHUB_REPOSITORY is not set: run this action as a step of a GitHub Actions job (the runner sets it)\n',
  );
});

test('good inputs on a runner are handed on, parsed', async () => {
  const { result, log } = await started({
    INPUT_COMMAND: 'plan',
    GITHUB_REPOSITORY: 'octo-org/octo-repo',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_SHA: 'a'.repeat(40),
    GITHUB_RUN_ID: '17',
    GITHUB_WORKSPACE: '/tmp',
    RUNNER_TEMP: '/tmp',
  });
  expect(log).toBe('');
  expect(result).toMatchObject({ inputs: { command: 'plan' }, runner: { owner: 'octo-org' } });
});

/** The bundled files a module of dist/ loads before any of its code runs. */
async function staticClosure(entry: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const visit = async (file: string): Promise<void> => {
    if (files.has(file)) return;
    const text = await readFile(file, 'utf8');
    files.set(file, text);
    for (const m of text.matchAll(/^import\s(?:[^;]*?\sfrom\s*)?"(\.\/[^"]+)"/gm))
      await visit(join(dirname(file), m[1] as string));
  };
  await visit(join(DIST, entry));
  return files;
}

function dynamicImports(text: string): string[] {
  return [...text.matchAll(/import\("(\.\/chunk-[A-Z0-9]+\.js)"\)/g)].map((m) => m[1] as string);
}

test('the entry statically loads only the input checks', async () => {
  const closure = await staticClosure('action.js');
  const text = [...closure.values()].join('\n');
  expect(text).toContain('is not set: run this action as a step of a GitHub Actions job');
  for (const heavy of ['node_modules/@actions/cache/', 'node_modules/yaml/', 'node_modules/ajv/'])
    expect(text).not.toContain(heavy);
  expect(text.length).toBeLessThan(64 * 1024);
});

test('no command loads the Copilot SDK before a Copilot session starts', async () => {
  const entry = await readFile(join(DIST, 'action.js'), 'utf8');
  const [main] = dynamicImports(entry);
  expect(main).toBeDefined();
  const mainText = await readFile(join(DIST, main as string), 'utf8');
  const commands = dynamicImports(mainText);
  expect(commands).toHaveLength(6);
  for (const command of [main as string, ...commands]) {
    const closure = [...(await staticClosure(command)).values()].join('\n');
    expect(closure).not.toContain('node_modules/@github/copilot-sdk/');
  }
  const cli = [...(await staticClosure('cli.js')).values()].join('\n');
  expect(cli).not.toContain('node_modules/@github/copilot-sdk/');
  // It is there, in a chunk of its own that a session imports.
  const chunks = (await readdir(DIST)).filter((name) => name.startsWith('chunk-'));
  const holders: string[] = [];
  for (const chunk of chunks)
    if ((await readFile(join(DIST, chunk), 'utf8')).includes('node_modules/@github/copilot-sdk/'))
      holders.push(chunk);
  expect(holders.length).toBeGreaterThan(0);
});

test('a fault while reading the inputs is handed on as a fault, not taken for a user mistake', async () => {
  const broken = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get: () => {
        throw new TypeError('the environment cannot be read');
      },
    },
  );
  const { result, log } = await started(broken);
  expect(log).toBe('');
  expect(result).toEqual({ fault: new TypeError('the environment cannot be read') });
});

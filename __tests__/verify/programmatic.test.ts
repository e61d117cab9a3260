import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonValue, VerificationOutcome } from '../../src/core/types.js';
import { ProgrammaticVerifier } from '../../src/verify/programmatic.js';
import { ScriptLibrary } from '../../src/verify/scriptLibrary.js';
import {
  availableSandboxes,
  removeTempDirs,
  survivorsAfter,
  tempDir,
  uniqueMarker,
  waitForProcesses,
  writeExecutable,
} from '../sandbox/support.js';
import { requestFor, verify, type RunOptions } from './harness.js';

afterAll(removeTempDirs);

/** A script that writes the given judge output text to DOG_OUTPUT. */
function writesJudge(text: string): string {
  return `#!/bin/sh\ncat > "$DOG_OUTPUT" <<'JUDGE'\n${text}\nJUDGE\n`;
}

function judgeText(verdict: string, evidence: JsonValue): string {
  return JSON.stringify({ verdict, evidence });
}

function expectFault(outcome: VerificationOutcome, category: string, message?: RegExp): void {
  expect(outcome.verdict).toBe('inconclusive');
  expect(outcome.evidence).toBeNull();
  expect(outcome.error?.category).toBe(category);
  if (message) expect(outcome.error?.message).toMatch(message);
}

describe.each(availableSandboxes())('ProgrammaticVerifier under %s', (sandboxName, sandbox) => {
  let root: string;
  let libraryDir: string;
  let capturePath: string;
  let scratchRoot: string;

  beforeEach(async () => {
    root = await tempDir();
    libraryDir = join(root, 'scripts');
    scratchRoot = join(root, 'scratch-root');
    capturePath = join(root, 'report.txt');
    await mkdir(libraryDir);
    await writeFile(capturePath, 'report body');
  });

  async function script(name: string, body: string): Promise<void> {
    await writeExecutable(join(libraryDir, name), body);
  }

  function run(name: string, extra: Partial<RunOptions> = {}): Promise<VerificationOutcome> {
    return verify({
      sandbox,
      capturePath,
      captureKind: 'file',
      script: name,
      libraryDir,
      scratchRoot,
      ...extra,
    });
  }

  describe('verdicts', () => {
    test('a pass written to DOG_OUTPUT is a pass with its evidence', async () => {
      await script('ok', writesJudge(judgeText('pass', { checked: 'report', lines: 1 })));
      const outcome = await run('ok');
      expect(outcome).toMatchObject({
        verdict: 'pass',
        evidence: { checked: 'report', lines: 1 },
        attempts: 1,
        isolation: sandbox.kind,
        usage: { tokens: 0, costUsd: 0 },
      });
      expect(outcome.error).toBeUndefined();
      expect(outcome.usage.durationMs).toBeGreaterThan(0);
    });

    test('a fail is a fail with its evidence', async () => {
      await script('no', writesJudge(judgeText('fail', { expected: 'x', found: 'y' })));
      expect(await run('no')).toMatchObject({
        verdict: 'fail',
        evidence: { expected: 'x', found: 'y' },
      });
    });

    test('without DOG_OUTPUT the last non-empty stdout line is the judge output', async () => {
      const line = judgeText('pass', { via: 'stdout' });
      await script('out', `#!/bin/sh\necho 'progress: 50%'\necho '${line}'\necho\necho '   '\n`);
      expect(await run('out')).toMatchObject({ verdict: 'pass', evidence: { via: 'stdout' } });
    });

    test('DOG_OUTPUT wins over stdout', async () => {
      const stdout = judgeText('pass', { via: 'stdout' });
      await script('both', `${writesJudge(judgeText('fail', { via: 'file' }))}echo '${stdout}'\n`);
      expect(await run('both')).toMatchObject({ verdict: 'fail', evidence: { via: 'file' } });
    });

    test('the script sees the capture read-only at DOG_TARGET', async () => {
      await script(
        'reads',
        '#!/bin/sh\nbody=$(cat "$DOG_TARGET")\n' +
          'printf \'{"verdict":"pass","evidence":{"body":"%s"}}\' "$body" > "$DOG_OUTPUT"\n',
      );
      expect(await run('reads')).toMatchObject({ evidence: { body: 'report body' } });
    });
  });

  describe('faults never pass', () => {
    test('a non-zero exit is a crash even after writing a pass; stderr tail is kept', async () => {
      await script(
        'crash',
        `${writesJudge(judgeText('pass', { a: 1 }))}echo 'boom: disk on fire' >&2\nexit 3\n`,
      );
      expectFault(await run('crash'), 'crash', /exited with code 3.*boom: disk on fire/s);
    });

    test('a script killed by a signal is a crash', async () => {
      await script('killed', `${writesJudge(judgeText('pass', { a: 1 }))}kill -KILL $$\n`);
      // bwrap reports a signalled child as exit status 128 + signal number.
      expectFault(await run('killed'), 'crash', /SIGKILL|exited with code 137/);
    });

    test('a script past its timeout is killed and settles timeout', async () => {
      const marker = uniqueMarker();
      await script('slow', `${writesJudge(judgeText('pass', { a: 1 }))}sleep ${marker}\n`);
      const running = run('slow', { timeoutMs: 1500 });
      await waitForProcesses(marker, 1);
      const outcome = await running;
      expectFault(outcome, 'timeout', /did not finish within 1500 ms/);
      expect(await survivorsAfter(marker)).toEqual([]);
      expect(await readdir(scratchRoot)).toEqual([]);
    });

    test('cancellation kills the script and settles cancelled', async () => {
      const marker = uniqueMarker();
      const controller = new AbortController();
      await script('slow', `${writesJudge(judgeText('pass', { a: 1 }))}sleep ${marker}\n`);
      const running = run('slow', { signal: controller.signal });
      await waitForProcesses(marker, 1);
      controller.abort();
      expectFault(await running, 'cancelled');
      expect(await survivorsAfter(marker)).toEqual([]);
    });

    test('an already cancelled request runs nothing', async () => {
      const controller = new AbortController();
      controller.abort();
      await script('ok', writesJudge(judgeText('pass', { a: 1 })));
      expectFault(await run('ok', { signal: controller.signal }), 'cancelled', /before/);
    });

    test.each([
      ['garbage', 'this is not json', /is not JSON: "this is not json"/],
      ['extra keys', '{"verdict":"pass","evidence":{"a":1},"confidence":0.9}', /"confidence"/],
      ['a missing key', '{"verdict":"pass"}', /"evidence"/],
      ['an unknown verdict', '{"verdict":"ok","evidence":{"a":1}}', /must be one of/],
      ['a JSON array', '[1,2]', /does not match the schema/],
      ['a non-finite number', '{"verdict":"pass","evidence":1e999}', /canonical JSON/],
    ])('%s is malformed output', async (_title, text, message) => {
      await script('bad', writesJudge(text));
      expectFault(await run('bad'), 'malformed_output', message);
    });

    test('garbage on stdout is malformed output', async () => {
      await script('bad', '#!/bin/sh\necho "all good, trust me"\n');
      expectFault(await run('bad'), 'malformed_output', /trust me/);
    });

    test('no output at all is malformed output', async () => {
      await script('silent', '#!/bin/sh\nexit 0\n');
      expectFault(await run('silent'), 'malformed_output', /no judge output/);
    });

    test.each([
      ['pass', null],
      ['pass', ''],
      ['pass', '  '],
      ['pass', {}],
      ['pass', []],
      ['fail', {}],
      ['inconclusive', null],
    ] as [string, JsonValue][])('%s with evidence %j settles empty_evidence', async (v, e) => {
      await script('empty', writesJudge(judgeText(v, e)));
      expectFault(await run('empty'), 'empty_evidence');
    });

    test('evidence is measured in canonical JSON bytes against the limit', async () => {
      // {"s":"…"} is 8 bytes plus the string.
      await script('fits', writesJudge(judgeText('pass', { s: 'x'.repeat(992) })));
      await script('over', writesJudge(judgeText('pass', { s: 'x'.repeat(993) })));
      expect((await run('fits', { maxEvidenceBytes: 1000 })).verdict).toBe('pass');
      expectFault(
        await run('over', { maxEvidenceBytes: 1000 }),
        'evidence_too_large',
        /1001 bytes.*limit is 1000/,
      );
    });

    test('a huge judge file is refused without reading it whole', async () => {
      await script(
        'huge',
        '#!/bin/sh\n{ printf \'{"verdict":"pass","evidence":"\'; ' +
          "head -c 10000000 /dev/zero | tr '\\0' a; printf '\"}'; } > \"$DOG_OUTPUT\"\n",
      );
      expectFault(await run('huge'), 'evidence_too_large', /judge output file is 10000032 bytes/);
    });

    test('a huge judge line on stdout is refused', async () => {
      await script(
        'huge',
        '#!/bin/sh\nprintf \'{"verdict":"pass","evidence":"\'; ' +
          "head -c 10000000 /dev/zero | tr '\\0' a; printf '\"}\\n'\n",
      );
      expectFault(await run('huge'), 'evidence_too_large', /last stdout line is longer/);
    });

    test('a DOG_OUTPUT symlink to a host file is not followed', async () => {
      const planted = join(root, 'planted-judge.json');
      await writeFile(planted, judgeText('pass', { forged: true }));
      await script('link', `#!/bin/sh\nln -s '${planted}' "$DOG_OUTPUT"\n`);
      const outcome = await run('link');
      if (sandbox.kind === 'none') {
        expectFault(outcome, 'malformed_output', /not a regular file/);
      } else {
        // In the sandbox DOG_OUTPUT is a mount point: it cannot be replaced at all.
        expectFault(outcome, 'crash', /File exists/);
      }
      expect(outcome.evidence).not.toEqual({ forged: true });
    });

    test('a DOG_OUTPUT FIFO does not hang the verifier', async () => {
      const line = judgeText('pass', { a: 1 });
      await script('fifo', `#!/bin/sh\nmkfifo "$DOG_OUTPUT"\necho '${line}'\n`);
      const outcome = await run('fifo');
      if (sandbox.kind === 'none') {
        expectFault(outcome, 'malformed_output', /not a regular file/);
      } else {
        // mkfifo is refused (DOG_OUTPUT exists and is a mount point); the stdout line judges.
        expect(outcome).toMatchObject({ verdict: 'pass', evidence: { a: 1 } });
      }
    });

    test('an unknown script settles script_missing without running anything', async () => {
      const outcome = await run('does-not-exist');
      expectFault(outcome, 'script_missing', /file\.exists.*does-not-exist/s);
      expect(outcome).toMatchObject({ attempts: 1, isolation: sandbox.kind });
    });

    test('an agentic verifier spec is refused as an internal fault', async () => {
      const verifier = new ProgrammaticVerifier({
        sandbox,
        library: new ScriptLibrary(),
        scratchRoot,
      });
      const request = {
        ...requestFor({ sandbox, capturePath, captureKind: 'file', script: 'x', scratchRoot }),
        verifier: { mode: 'agentic', instruction: 'look' } as const,
      };
      expectFault(await verifier.verify(request), 'internal', /agentic/);
    });
  });

  describe('workspace', () => {
    test('the environment is exactly the contract; nothing leaks from the parent', async () => {
      await script(
        'env',
        '#!/bin/sh\n{ printf \'{"verdict":"pass","evidence":[\'; ' +
          'env | sed \'s/.*/"&"/\' | paste -sd, - ; printf \']}\'; } > "$DOG_OUTPUT"\n',
      );
      process.env.DOG_PLANTED_SECRET = 'planted-in-parent';
      let outcome: VerificationOutcome;
      try {
        outcome = await run('env');
      } finally {
        delete process.env.DOG_PLANTED_SECRET;
      }
      expect(outcome.verdict).toBe('pass');
      const env = Object.fromEntries(
        (outcome.evidence as string[]).map((line) => {
          const at = line.indexOf('=');
          return [line.slice(0, at), line.slice(at + 1)];
        }),
      );
      // dash exports PWD itself; every other variable comes from the verifier.
      delete env.PWD;
      const view = sandbox.view({ capturePath, captureKind: 'file', scratchDir: env.HOME ?? '' });
      expect(env).toEqual({
        PATH: '/usr/bin:/bin',
        HOME: view.scratchDir,
        LANG: 'C.UTF-8',
        TMPDIR: view.tmpDir,
        DOG_TARGET: view.capturePath,
        DOG_PARAMS: 'null',
        DOG_OUTPUT: `${view.scratchDir}/judge.json`,
      });
      if (sandboxName === 'none') expect(env.HOME?.startsWith(scratchRoot)).toBe(true);
      else expect(env.HOME).toBe('/dog/scratch');
    });

    test('params arrive as JSON in DOG_PARAMS', async () => {
      await script(
        'params',
        '#!/bin/sh\nprintf \'{"verdict":"pass","evidence":{"params":%s}}\' "$DOG_PARAMS" > "$DOG_OUTPUT"\n',
      );
      const params = { text: 'it\'s "quoted"', n: 3, list: [true, null] };
      expect((await run('params', { params })).evidence).toEqual({ params });
    });

    test('the scratch is the working directory, TMPDIR is writable', async () => {
      await script(
        'where',
        '#!/bin/sh\ntouch "$TMPDIR/t" && tmp=ok || tmp=no\n' +
          'printf \'{"verdict":"pass","evidence":{"cwd":"%s","home":"%s","tmp":"%s"}}\' ' +
          '"$(pwd)" "$HOME" "$tmp" > "$DOG_OUTPUT"\n',
      );
      const outcome = await run('where');
      const evidence = outcome.evidence as Record<string, string>;
      expect(evidence.cwd).toBe(evidence.home);
      expect(evidence.tmp).toBe('ok');
    });

    test('each verification gets a fresh scratch that is removed afterwards', async () => {
      await script(
        'leftover',
        '#!/bin/sh\n[ -e "$HOME/leftover" ] && seen=yes || seen=no\necho x > "$HOME/leftover"\n' +
          'printf \'{"verdict":"pass","evidence":{"seen":"%s"}}\' "$seen" > "$DOG_OUTPUT"\n',
      );
      expect((await run('leftover')).evidence).toEqual({ seen: 'no' });
      expect(await readdir(scratchRoot)).toEqual([]);
      expect((await run('leftover')).evidence).toEqual({ seen: 'no' });
      expect(await readdir(scratchRoot)).toEqual([]);
    });

    test('the scratch is removed after a crash too', async () => {
      await script('crash', '#!/bin/sh\nmkdir -p deep/er && echo x > deep/er/f\nexit 1\n');
      expectFault(await run('crash'), 'crash');
      expect(await readdir(scratchRoot)).toEqual([]);
    });

    test('a host file outside capture and scratch is readable only without isolation', async () => {
      const canary = join(root, 'canary.txt');
      await writeFile(canary, 'canary-secret');
      await script(
        'peek',
        `#!/bin/sh\ncat '${canary}' > /dev/null 2>&1 && v=pass || v=fail\n` +
          'printf \'{"verdict":"%s","evidence":{"tried":"canary"}}\' "$v" > "$DOG_OUTPUT"\n',
      );
      const outcome = await run('peek');
      expect(outcome.verdict).toBe(sandboxName === 'none' ? 'pass' : 'fail');
    });

    test('the capture cannot be changed under isolation', async () => {
      await script(
        'tamper',
        `#!/bin/sh\necho tampered >> "$DOG_TARGET"\n${writesJudge(judgeText('pass', { a: 1 }))}`,
      );
      await run('tamper');
      const body = await readFile(capturePath, 'utf8');
      expect(body).toBe(sandboxName === 'none' ? 'report bodytampered\n' : 'report body');
    });
  });
});

import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { validateAgainst } from '../../src/schemas/validate.js';
import { allOf, put, runJson, workspace } from './harness.js';

const files = {
  'site/index.html': '<h1>Home</h1>',
  'site/about.html': '<h1>About</h1>',
  'README.md': '# Project\n\nnpm install project\n',
  'data.json': '{"ok": true}',
};

const graph = allOf({
  pages: { target: 'site', script: 'dir.non_empty' },
  readme: { target: 'README.md', script: 'text.includes', params: { text: 'npm install' } },
  readmeExists: { target: 'README.md', script: 'file.exists' },
  data: { target: 'data.json', script: 'json.valid' },
});

function verified(report: { partition?: { rerun: string[] } }): string[] {
  return [...(report.partition?.rerun ?? [])].sort();
}

describe('incremental verification on a real workspace', () => {
  let root: string;
  beforeAll(async () => {
    root = await workspace(files, graph);
  });

  test('the first run verifies every leaf, and the report matches its schema', async () => {
    const { code, report } = await runJson(root);
    expect(code).toBe(0);
    expect(report.rootState).toBe('success');
    expect(verified(report)).toEqual(['data', 'pages', 'readme', 'readmeExists']);
    expect(report.totals).toMatchObject({ verified: 4, inherited: 0, blocked: 0 });
    for (const id of ['data', 'pages', 'readme', 'readmeExists']) {
      expect(report.nodes[id]).toMatchObject({
        state: 'success',
        verdict: 'pass',
        inherited: false,
        rerunReason: 'new',
      });
    }
    expect(validateAgainst('report', report).ok).toBe(true);
  });

  test('an unchanged second run verifies nothing: everything is inherited', async () => {
    const { code, report } = await runJson(root);
    expect(code).toBe(0);
    expect(verified(report)).toEqual([]);
    expect(report.totals).toMatchObject({ verified: 0, inherited: 4 });
    expect(report.nodes.pages).toMatchObject({ state: 'success', inherited: true });
    expect(report.nodes.pages?.inheritedFrom?.runId).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{6}$/);
  });

  test('touching mtimes alone re-runs nothing', async () => {
    const later = new Date(Date.now() + 3_600_000);
    for (const path of Object.keys(files)) await utimes(join(root, path), later, later);
    const { report } = await runJson(root);
    expect(verified(report)).toEqual([]);
  });

  test('changing one file re-runs only the leaves whose capture changed, and says why', async () => {
    await put(root, 'site/about.html', '<h1>About us</h1>');
    const { report } = await runJson(root);
    expect(verified(report)).toEqual(['pages']);
    expect(report.nodes.pages?.rerunReason).toBe('capture_changed');
    expect(report.nodes.readme?.inherited).toBe(true);
  });

  test('a changed verifier parameter re-runs that leaf with verifier_changed', async () => {
    const changed = allOf({
      pages: { target: 'site', script: 'dir.non_empty' },
      readme: { target: 'README.md', script: 'text.includes', params: { text: '# Project' } },
      readmeExists: { target: 'README.md', script: 'file.exists' },
      data: { target: 'data.json', script: 'json.valid' },
    });
    const other = await workspace(files, graph);
    await runJson(other);
    await put(other, '.dog/graph.yaml', JSON.stringify(changed));
    const { report } = await runJson(other);
    expect(verified(report)).toEqual(['readme']);
    expect(report.nodes.readme?.rerunReason).toBe('verifier_changed');
  });

  test('--fresh re-runs everything with fresh_requested', async () => {
    const { report } = await runJson(root, '--fresh');
    expect(verified(report)).toEqual(['data', 'pages', 'readme', 'readmeExists']);
    expect(report.nodes.data?.rerunReason).toBe('fresh_requested');
  });

  test('reuse: never always re-runs its leaf and nothing else', async () => {
    const never = await workspace(
      files,
      allOf({
        data: { target: 'data.json', script: 'json.valid', reuse: 'never' },
        readme: { target: 'README.md', script: 'file.exists' },
      }),
    );
    await runJson(never);
    const { report } = await runJson(never);
    expect(verified(report)).toEqual(['data']);
    expect(report.nodes.data?.rerunReason).toBe('reuse_never');
  });

  test('a failing verdict is inherited too, and fixing the file re-runs it', async () => {
    const failing = await workspace(
      { 'data.json': '{broken' },
      allOf({ data: { target: 'data.json', script: 'json.valid' } }),
    );
    expect((await runJson(failing)).code).toBe(1);
    const again = await runJson(failing);
    expect(again.code).toBe(1);
    expect(again.report.nodes.data).toMatchObject({ state: 'failure', inherited: true });
    await put(failing, 'data.json', '{"fixed": true}');
    const fixed = await runJson(failing);
    expect(fixed.code).toBe(0);
    expect(fixed.report.nodes.data?.rerunReason).toBe('capture_changed');
  });

  test('an inconclusive verdict is never inherited', async () => {
    const flaky = await workspace(
      { 'data.json': '{}' },
      allOf({ data: { target: 'data.json', script: 'bad.output' } }),
    );
    await put(flaky, '.dog/scripts/bad.output', '#!/bin/sh\necho "not json"\n', 0o755);
    const first = await runJson(flaky);
    expect(first.report.nodes.data).toMatchObject({
      state: 'needs_human',
      verdict: 'inconclusive',
    });
    expect(first.report.nodes.data?.error?.category).toBe('malformed_output');
    const second = await runJson(flaky);
    expect(second.report.nodes.data).toMatchObject({
      inherited: false,
      rerunReason: 'inconclusive_before',
    });
  });

  test('the revalidateThreshold warning fires above 30% of inheritable leaves re-running (1 of 4: no; 2 of 4: yes)', async () => {
    const ws = await workspace(
      { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c', 'd.txt': 'd' },
      allOf({
        a: { target: 'a.txt', script: 'file.non_empty' },
        b: { target: 'b.txt', script: 'file.non_empty' },
        c: { target: 'c.txt', script: 'file.non_empty' },
        d: { target: 'd.txt', script: 'file.non_empty' },
      }),
    );
    await runJson(ws);
    await put(ws, 'a.txt', 'A');
    const oneChanged = await runJson(ws);
    expect(oneChanged.report.warnings.map((w) => w.code)).not.toContain('revalidate_threshold');
    await put(ws, 'a.txt', 'AA');
    await put(ws, 'b.txt', 'BB');
    const twoChanged = await runJson(ws);
    expect(twoChanged.report.warnings.map((w) => w.code)).toContain('revalidate_threshold');
  });
});

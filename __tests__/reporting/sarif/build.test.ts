import { gunzipSync } from 'node:zlib';
import { buildSarif, sarifCategory } from '../../../src/reporting/sarif/build.js';
import { encodeSarif } from '../../../src/reporting/sarif/encode.js';
import { GITHUB_SARIF_LIMITS } from '../../../src/reporting/sarif/limits.js';
import { FINGERPRINT_KEY } from '../../../src/reporting/sarif/results.js';
import type { SarifLog, SarifResult } from '../../../src/reporting/sarif/types.js';
import type { EvidenceLocation } from '../../../src/core/types.js';
import { sarifSchemaProblems } from '../../support/sarifSchema.js';
import { compile, settle, wideGraph, type LeafPlan } from '../github/fixtures.js';

const leaf = (title: string, target: string, verifier: object) => ({
  kind: 'leaf',
  title,
  target,
  verifier,
});

const graph = compile({
  schemaVersion: '1',
  id: 'site-quality',
  root: 'root',
  nodes: {
    root: {
      kind: 'composite',
      title: 'The site holds',
      completion: {
        op: 'all',
        items: ['links', 'tone', 'licence', 'readme'].map((id) => ({ op: 'ref', id })),
      },
    },
    links: leaf('No broken links', 'docs', { mode: 'programmatic', script: 'links.check' }),
    tone: leaf('The tone is friendly', 'docs/intro.md', {
      mode: 'agentic',
      instruction: 'Is the tone friendly?',
      model: 'judge-large',
      votes: 3,
    }),
    licence: leaf('A licence exists', 'LICENSE', { mode: 'programmatic', script: 'file.exists' }),
    readme: leaf('The readme is not empty', 'README.md', {
      mode: 'programmatic',
      script: 'file.non_empty',
    }),
  },
  contains: ['links', 'tone', 'licence', 'readme'].map((child) => ({ parent: 'root', child })),
});

const LINK_LOCATIONS: EvidenceLocation[] = [
  { path: 'docs/guide.md', line: 12, message: 'dead link to /old-page' },
  { path: './docs//faq.md', line: 3, message: '' },
  { path: '/etc/passwd', line: 1, message: 'outside' },
  { path: '../up.md', line: 1, message: 'outside' },
];

const plans: Record<string, LeafPlan> = {
  links: { verdict: 'fail', locations: LINK_LOCATIONS, evidence: { broken: 2 } },
  tone: { verdict: 'inconclusive', evidence: { votes: 'split' } },
  licence: { verdict: 'pass' },
  readme: { verdict: 'fail', evidence: { bytes: 0 } },
};

function build(options: Parameters<typeof buildSarif>[2] = { toolVersion: '1.2.3' }): SarifLog {
  const { report } = settle(graph, (key) => plans[key] ?? {});
  return buildSarif(report, graph, options);
}

const resultOf = (log: SarifLog, ruleId: string): SarifResult | undefined =>
  log.runs[0]?.results.find((r) => r.ruleId === ruleId);

describe('buildSarif', () => {
  test('is valid SARIF 2.1.0: one run, categorised dog/<graph id>, a rule per reported goal', () => {
    const log = build();
    expect(sarifSchemaProblems(log)).toEqual([]);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0]!;
    // Code scanning's category is everything before the last slash of the id.
    expect(run.automationDetails.id).toBe('dog/site-quality/run-2');
    expect(sarifCategory(settle(graph, (key) => plans[key] ?? {}).report)).toBe('dog/site-quality');
    expect(run.tool.driver).toMatchObject({ name: 'DoG', version: '1.2.3' });
    // The schema does catch what code scanning would refuse.
    const broken = structuredClone(log) as unknown as { runs: { results: { level: string }[] }[] };
    broken.runs[0]!.results[0]!.level = 'fatal';
    expect(sarifSchemaProblems(broken)).not.toEqual([]);
    const rules = run.tool.driver.rules ?? [];
    expect(run.results.map((r) => [r.ruleId, rules[r.ruleIndex]?.id])).toEqual(
      run.results.map((r) => [r.ruleId, r.ruleId]),
    );
  });

  test('levels follow the state; passing goals and composites have no result', () => {
    const log = build();
    const levels = Object.fromEntries(log.runs[0]!.results.map((r) => [r.ruleId, r.level]));
    expect(levels).toEqual({ links: 'error', readme: 'error', tone: 'warning' });
    expect(resultOf(log, 'tone')?.properties).toMatchObject({ state: 'needs_human' });
  });

  test('a cancelled inconclusive verdict is a note', () => {
    const { report } = settle(graph, (key) => plans[key] ?? {});
    report.nodes.tone = { ...report.nodes.tone!, state: 'cancelled', verdict: 'inconclusive' };
    const log = buildSarif(report, graph, { toolVersion: '1' });
    expect(resultOf(log, 'tone')?.level).toBe('note');
  });

  test('locations come from the evidence, relative to the repository, with the line as region', () => {
    const log = build({ toolVersion: '1', workspacePrefix: 'site/' });
    const links = resultOf(log, 'links')!;
    expect(links.locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: 'site/docs/guide.md' },
          region: { startLine: 12 },
        },
        message: { text: 'dead link to /old-page' },
      },
      {
        physicalLocation: {
          artifactLocation: { uri: 'site/docs/faq.md' },
          region: { startLine: 3 },
        },
      },
    ]);
    expect(links.properties).toMatchObject({ locationsUnplaced: 2 });
    // No evidence location: the goal's target, without a region.
    expect(resultOf(log, 'readme')!.locations).toEqual([
      { physicalLocation: { artifactLocation: { uri: 'site/README.md' } } },
    ]);
    const notes = log.runs[0]!.invocations[0]!.toolExecutionNotifications ?? [];
    expect(notes.map((n) => n.message.text)).toEqual([
      expect.stringMatching(/^2 evidence locations named no file of the repository/),
    ]);
  });

  test('partialFingerprints are the GM digest: the same in every run over the same bytes', () => {
    const { report } = settle(graph, (key) => plans[key] ?? {});
    const first = build();
    const again = build();
    const links = resultOf(first, 'links')!;
    expect(links.partialFingerprints).toEqual({ [FINGERPRINT_KEY]: report.nodes.links!.gmDigest });
    expect(resultOf(again, 'links')!.partialFingerprints).toEqual(links.partialFingerprints);
    expect(resultOf(first, 'readme')!.partialFingerprints).not.toEqual(links.partialFingerprints);
  });

  test('tool.extensions name each verifier: the scripts and the model', () => {
    const extensions = build().runs[0]!.tool.extensions ?? [];
    expect(extensions.map((e) => e.name).sort()).toEqual([
      'model judge-large',
      'script file.non_empty',
      'script links.check',
    ]);
    const rules = build().runs[0]!.tool.driver.rules ?? [];
    expect(rules.find((r) => r.id === 'tone')?.properties.tags).toEqual([
      'dog',
      'agentic',
      'judge-large',
    ]);
  });

  test('text is cleaned of control characters and cut to GitHub’s rule lengths', () => {
    const long = compile({
      schemaVersion: '1',
      id: 'long',
      root: 'a',
      nodes: {
        a: leaf(`Bell\u0007 ${'x'.repeat(3000)}`, 'a.txt', {
          mode: 'programmatic',
          script: 'file.exists',
        }),
      },
    });
    const { report } = settle(long, () => ({ verdict: 'fail' }));
    const log = buildSarif(report, long, { toolVersion: '1' });
    expect(sarifSchemaProblems(log)).toEqual([]);
    const rule = log.runs[0]!.tool.driver.rules![0]!;
    expect(rule.shortDescription.text).toHaveLength(GITHUB_SARIF_LIMITS.descriptionChars);
    expect(rule.fullDescription.text.length).toBeLessThanOrEqual(1024);
    expect(rule.shortDescription.text.includes('\u0007')).toBe(false);
    expect(rule.shortDescription.text.endsWith('…')).toBe(true);
  });
});

describe('GitHub limits', () => {
  test('are the documented ones', () => {
    expect(GITHUB_SARIF_LIMITS).toMatchObject({
      gzipBytes: 10_000_000,
      resultsPerRun: 25_000,
      locationsPerResult: 1_000,
      extensionsPerRun: 100,
      tagsPerRule: 20,
      ruleNameChars: 255,
      descriptionChars: 1_024,
    });
  });

  test('more than 1,000 locations: the first 1,000 are kept and the rest counted', () => {
    const many = Array.from({ length: 1_005 }, (_, i) => ({
      path: `docs/p${i}.md`,
      line: i + 1,
      message: 'dead link',
    }));
    const { report } = settle(graph, (key) =>
      key === 'links' ? { verdict: 'fail', locations: many } : (plans[key] ?? {}),
    );
    const log = buildSarif(report, graph, { toolVersion: '1' });
    expect(sarifSchemaProblems(log)).toEqual([]);
    const links = resultOf(log, 'links')!;
    expect(links.locations).toHaveLength(1_000);
    expect(links.properties).toMatchObject({ locationsLeftOut: 5 });
    expect(log.runs[0]!.properties.truncated).toEqual({ locations: 5 });
    const notes = log.runs[0]!.invocations[0]!.toolExecutionNotifications ?? [];
    expect(notes[0]).toEqual({
      level: 'warning',
      message: {
        text: expect.stringMatching(
          /^5 evidence locations were left out: GitHub takes at most 1,000 per result/,
        ),
      },
    });
  });

  test('over the result cap: the most severe are kept, and the run says how many are not', () => {
    const wide = wideGraph(3, 4);
    const { report } = settle(wide, (key) =>
      key === 'g1-leaf2' ? { verdict: 'inconclusive' } : { verdict: 'fail' },
    );
    const log = buildSarif(report, wide, { toolVersion: '1', limits: { resultsPerRun: 5 } });
    expect(sarifSchemaProblems(log)).toEqual([]);
    const run = log.runs[0]!;
    expect(run.results).toHaveLength(5);
    expect(run.results.every((r) => r.level === 'error')).toBe(true);
    expect(run.properties.truncated).toEqual({ results: 7 });
    expect(run.invocations[0]!.toolExecutionNotifications?.[0]?.message.text).toMatch(
      /^7 of 12 results were left out: GitHub takes at most 5 per run\. The most severe are kept/,
    );
  });

  test('over the gzip limit: results are dropped from the least severe end until it fits', () => {
    const wide = wideGraph(4, 50);
    const { report } = settle(wide, (key) => ({
      verdict: key.endsWith('leaf0') ? 'inconclusive' : 'fail',
      evidence: { noise: `${key} ${'q'.repeat(50)}` },
    }));
    const log = buildSarif(report, wide, { toolVersion: '1' });
    const whole = encodeSarif(log);
    expect(whole.droppedForSize).toBe(0);
    const limit = Math.floor(whole.gzip.length / 3);
    const cut = encodeSarif(log, limit);
    expect(cut.gzip.length).toBeLessThanOrEqual(limit);
    expect(cut.droppedForSize).toBeGreaterThan(0);
    const decoded = JSON.parse(gunzipSync(cut.gzip).toString('utf8')) as SarifLog;
    expect(decoded).toEqual(cut.log);
    expect(sarifSchemaProblems(decoded)).toEqual([]);
    const run = decoded.runs[0]!;
    expect(run.results).toHaveLength(200 - cut.droppedForSize);
    expect(run.tool.driver.rules).toHaveLength(run.results.length);
    expect(run.results.every((r) => r.level === 'error')).toBe(true);
    expect(run.properties.truncated).toEqual({ resultsForSize: cut.droppedForSize });
    expect(run.invocations[0]!.toolExecutionNotifications?.at(-1)?.message.text).toMatch(
      new RegExp(
        `^${cut.droppedForSize} of 200 results were left out so the gzip-compressed file stays under`,
      ),
    );
    // One result more would not have fitted.
    expect(cut.droppedForSize).toBeLessThan(200);
  });
});

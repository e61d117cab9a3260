// A small graph with every kind of relation, a dependency, an assert, an inherited leaf, a
// directory target, and hostile titles, evidence, errors and warnings.
import type { CompiledGraph } from '../../../src/core/graph/model.js';
import type { Verdict } from '../../../src/core/types.js';
import { compile, settle, type LeafPlan, type Settled, type SettleOptions } from './fixtures.js';

/** Pipes, a newline, a fence, a closing </details>, an image with onerror, a mention. */
export const HOSTILE_TITLE =
  'Deck | renders ``` </details> <img src=x onerror=alert(1)> **bold** [x](https://evil.example) @octocat\nsecond line \\';
export const HOSTILE_EVIDENCE = {
  note: '</details>\n```\n<img src=x onerror=alert(1)>\n| a | b |\n````',
  fence: '~~~\n```json\n```````',
  link: '![](https://evil.example/track.png)',
};
export const HOSTILE_ERROR =
  '<iframe src="https://evil.example"></iframe> | crashed\n```\n</details><script>alert(1)</script>';
export const HOSTILE_WARNING = '<b onmouseover="alert(1)">shared | input</b>\n# changed';

export const deckDocument = {
  schemaVersion: '1',
  id: 'deck-quality',
  title: 'Deck "quality" <b>gate</b>',
  root: 'root',
  nodes: {
    root: {
      kind: 'composite',
      title: HOSTILE_TITLE,
      completion: {
        op: 'all',
        items: ['renders', 'page3', 'brand', 'fancy', 'bundle'].map((id) => ({ op: 'ref', id })),
      },
    },
    bundle: {
      kind: 'composite',
      title: 'Bundle is complete',
      completion: {
        op: 'atLeast',
        count: 1,
        items: [
          { op: 'ref', id: 'renders' },
          { op: 'ref', id: 'manifest' },
        ],
      },
      assert: { target: 'build', verifier: { mode: 'programmatic', script: 'dir.non_empty' } },
    },
    renders: {
      kind: 'leaf',
      title: 'Every page renders',
      target: 'build/pages',
      verifier: { mode: 'programmatic', script: 'dir.non_empty' },
    },
    page3: {
      kind: 'leaf',
      title: HOSTILE_TITLE,
      target: 'build/pages/page-03.png',
      verifier: { mode: 'agentic', instruction: 'Check whether any text overlaps figure 2.' },
    },
    brand: {
      kind: 'leaf',
      title: "Brand colours ('primary') are used",
      target: 'build/pages',
      verifier: { mode: 'agentic', instruction: 'Check brand colours.', votes: 3, model: 'vision' },
    },
    fancy: {
      kind: 'leaf',
      title: 'Fancy transitions',
      target: 'build/fancy.json',
      verifier: { mode: 'programmatic', script: 'json.valid' },
    },
    plain: {
      kind: 'leaf',
      title: 'Plain transitions',
      target: 'build/plain.json',
      verifier: { mode: 'programmatic', script: 'json.valid' },
    },
    manifest: {
      kind: 'leaf',
      title: 'Manifest exists',
      target: 'build/manifest.json',
      verifier: { mode: 'programmatic', script: 'file.exists' },
    },
  },
  contains: [
    { parent: 'root', child: 'renders', failure: 'fatal' },
    { parent: 'root', child: 'page3' },
    { parent: 'root', child: 'brand', failure: 'tolerable' },
    { parent: 'root', child: 'fancy', failure: 'degrade', degradeTo: 'plain' },
    { parent: 'root', child: 'plain', required: false },
    { parent: 'root', child: 'bundle' },
    { parent: 'bundle', child: 'renders', failure: 'tolerable' },
    { parent: 'bundle', child: 'manifest', required: false },
  ],
  dependsOn: [{ source: 'page3', target: 'renders' }],
};

export function deckGraph(): CompiledGraph {
  return compile(deckDocument);
}

/** brand and fancy fail (tolerated), everything else passes: partial_success. */
export const PARTIAL_RUN: Record<string, Verdict> = {
  renders: 'pass',
  page3: 'pass',
  brand: 'fail',
  fancy: 'fail',
  plain: 'pass',
  'bundle#assert': 'pass',
};

export const BRAND_LOCATIONS = [
  {
    path: 'build/pages/styles.css',
    line: 12,
    message: 'primary colour #ff0000 is not the brand red',
  },
  { path: './build//pages/theme.css', line: 3, message: '</details><img src=x onerror=alert(1)>' },
  { path: '../../etc/passwd', line: 1, message: 'outside the workspace' },
  { path: '/etc/shadow', line: 1, message: 'absolute' },
];

export function deck(
  verdicts: Record<string, Verdict> = PARTIAL_RUN,
  extra: Record<string, LeafPlan> = {},
  options: SettleOptions = {},
): Settled {
  const graph = deckGraph();
  return settle(
    graph,
    (key) => {
      if (key === 'manifest') return { inherited: true, verdict: 'pass' };
      const verdict = verdicts[key];
      const base: LeafPlan = verdict === undefined ? {} : { verdict };
      if (key === 'brand') Object.assign(base, { reason: 'capture_changed', tokens: 1500 });
      if (key === 'page3') Object.assign(base, { evidence: HOSTILE_EVIDENCE, tokens: 1500 });
      if (key === 'page3' && verdict === 'inconclusive') {
        base.error = { category: 'crash', message: HOSTILE_ERROR };
      }
      if (key === 'brand' && verdict === 'fail') base.locations = BRAND_LOCATIONS;
      return { ...base, ...extra[key] };
    },
    { warnings: [{ code: 'test', message: HOSTILE_WARNING }], ...options },
  );
}

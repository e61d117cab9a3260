// The report model and every rendering of it, from one small graph that exercises shared
// children, tolerable/degrade/optional relations, a dependency, an assert, an inherited leaf
// and hostile titles and evidence.
import { sha256Hex, toDigest } from '../../src/core/digest.js';
import { compileGraph, DEFAULT_COMPILE_LIMITS } from '../../src/core/graph/compile.js';
import type { CompiledGraph, WorkItem } from '../../src/core/graph/model.js';
import { buildReport, type RunReport } from '../../src/core/report/model.js';
import {
  gmDigestOf,
  select,
  type CaptureOutcome,
  type IdentityOutcome,
  type Selection,
} from '../../src/core/select.js';
import type { ResultInput } from '../../src/core/settle/evaluate.js';
import { lookupIn, settleAll } from '../../src/core/settle/propagate.js';
import { rootState } from '../../src/core/settle/root.js';
import type {
  Digest,
  JsonValue,
  NodeState,
  RootState,
  Verdict,
  VerificationRecord,
  VerifierIdentity,
} from '../../src/core/types.js';
import { toDot, toMermaid } from '../../src/reporting/graphFormats.js';
import { escapeHtml, renderHtmlReport } from '../../src/reporting/html.js';
import { formatSummary } from '../../src/reporting/terminalSummary.js';
import { validateAgainst } from '../../src/schemas/validate.js';

const HOSTILE_TITLE =
  'Deliver "the" deck <script>alert(1)</script> [v2] (final) {x} |pipe| ]) --> end\nnext line \\';
const HOSTILE_EVIDENCE = {
  note: '</pre></td><script>alert("pwned")</script><img src=x onerror=alert(1)>',
  link: 'https://evil.example/track.png',
  quote: `"'&`,
};
const HOSTILE_ERROR = '<iframe src="https://evil.example"></iframe> crashed';
const HOSTILE_WARNING = '<b onmouseover="alert(1)">shared input changed</b>';

const digestOf = (text: string): Digest => toDigest(sha256Hex(text));
const RUN_ID = 'run-2';

const graphDocument = {
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
        items: [
          { op: 'ref', id: 'renders' },
          { op: 'ref', id: 'page3' },
          { op: 'ref', id: 'brand' },
          { op: 'ref', id: 'fancy' },
          { op: 'ref', id: 'bundle' },
        ],
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
      title: 'Page 3 <figure> has no "text" occlusion',
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

function compile(document: unknown = graphDocument): CompiledGraph {
  return compileGraph(document, {
    source: 'graph.yaml',
    limits: DEFAULT_COMPILE_LIMITS,
    host: { hasScript: () => true, hasModel: () => true },
  });
}

function identityOf(item: WorkItem): VerifierIdentity {
  const verifier = item.verifier;
  if (verifier.mode === 'programmatic') {
    return {
      mode: 'programmatic',
      script: verifier.script,
      scriptDigest: digestOf(`script:${verifier.script}`),
      params: verifier.params ?? null,
    };
  }
  return {
    mode: 'agentic',
    instruction: verifier.instruction,
    votes: verifier.votes ?? 1,
    model: { alias: verifier.model ?? 'default', model: 'test-model-1' },
  };
}

function recordFor(
  item: WorkItem,
  selection: Selection,
  verdict: Verdict,
  evidence: JsonValue,
  runId: string,
  extra: Partial<VerificationRecord> = {},
): VerificationRecord {
  if (selection.kind === 'settled') throw new Error(`${item.key} was settled without a verifier`);
  return {
    schemaVersion: '1',
    goalId: item.goalId,
    role: item.role,
    runId,
    graphDigest: digestOf('graph'),
    captureDigest: selection.captureDigest,
    gmDigest: selection.gmDigest,
    verifier: selection.kind === 'verify' ? selection.identity : identityOf(item),
    verdict,
    evidence,
    usage: { durationMs: 1200, tokens: item.verifier.mode === 'agentic' ? 1500 : 0, costUsd: 0.01 },
    attempts: 1,
    isolation: 'none',
    settledAt: '2025-03-01T10:00:00.000Z',
    ...extra,
  };
}

type Scenario = {
  graph: CompiledGraph;
  report: RunReport;
  states: Map<string, NodeState>;
};

/**
 * Settles the graph from a table of verdicts. `manifest` is inherited from an earlier run;
 * `brand` was verified before on other bytes; everything else is new.
 */
function scenario(
  verdicts: Record<string, Verdict>,
  options: { allowPartialRoot?: boolean; evidence?: JsonValue } = {},
): Scenario {
  const graph = compile();
  const captures = new Map<string, CaptureOutcome>(
    graph.targets.map((target) => [target, { ok: true, digest: digestOf(`bytes of ${target}`) }]),
  );
  const identities = new Map<string, IdentityOutcome>(
    graph.workItems.map((item) => [item.key, { ok: true, identity: identityOf(item) }]),
  );
  const manifest = graph.workItemByKey.get('manifest') as WorkItem;
  const manifestCapture = digestOf('bytes of build/manifest.json');
  const manifestGm = gmDigestOf(manifestCapture, identityOf(manifest));
  const earlier: VerificationRecord = {
    ...recordFor(
      manifest,
      {
        kind: 'inherit',
        item: manifest,
        captureDigest: manifestCapture,
        gmDigest: manifestGm,
        record: undefined as unknown as VerificationRecord,
      },
      'pass',
      { exists: true },
      'run-1',
    ),
  };
  const brand = graph.workItemByKey.get('brand') as WorkItem;
  const brandBefore: VerificationRecord = {
    ...earlier,
    goalId: 'brand',
    captureDigest: digestOf('older bytes'),
    gmDigest: gmDigestOf(digestOf('older bytes'), identityOf(brand)),
    verifier: identityOf(brand),
  };
  const { selections, warnings } = select({
    graph,
    captures,
    identities,
    recordsByGm: new Map([[manifestGm, earlier]]),
    newestByKey: new Map([
      ['manifest', earlier],
      ['brand', brandBefore],
    ]),
    fresh: false,
    revalidateThreshold: 0.3,
  });

  const records = new Map<string, VerificationRecord>();
  const results = new Map<string, ResultInput>();
  for (const [key, selection] of selections) {
    if (selection.kind === 'inherit') {
      results.set(key, { verdict: selection.record.verdict });
      continue;
    }
    const verdict = verdicts[key];
    if (verdict === undefined) continue;
    const evidence =
      key === 'page3' ? (options.evidence ?? HOSTILE_EVIDENCE) : { checked: selection.item.target };
    const extra: Partial<VerificationRecord> =
      verdict === 'inconclusive' ? { error: { category: 'crash', message: HOSTILE_ERROR } } : {};
    const made = recordFor(selection.item, selection, verdict, evidence, RUN_ID, extra);
    records.set(key, made);
    results.set(key, { verdict, ...(made.error ? { error: made.error } : {}) });
  }
  const statuses = settleAll(graph, { results, running: new Set() });
  const root: RootState = rootState(graph, lookupIn(statuses), {
    allowPartialRoot: options.allowPartialRoot ?? true,
    cancelled: false,
  });
  const report = buildReport({
    graph,
    runId: RUN_ID,
    startedAt: '2025-03-01T10:00:00.000Z',
    finishedAt: '2025-03-01T10:00:09.000Z',
    wallMs: 9000.4,
    trigger: { event: 'pull_request', sha: 'abc123', ref: 'refs/pull/7/merge' },
    rootState: root,
    isolation: { kind: 'none', note: 'isolation: none (explicitly configured)' },
    statuses,
    selections,
    records,
    warnings: [...warnings, { code: 'test', message: HOSTILE_WARNING }],
  });
  return {
    graph,
    report,
    states: new Map([...statuses].map(([id, status]) => [id, status.state])),
  };
}

const PARTIAL_RUN: Record<string, Verdict> = {
  renders: 'pass',
  page3: 'pass',
  brand: 'fail',
  fancy: 'fail',
  plain: 'pass',
  'bundle#assert': 'pass',
};

describe('the report built from a settled run', () => {
  const { report, states } = scenario(PARTIAL_RUN);

  it('settles the scenario as the design says', () => {
    expect(Object.fromEntries(states)).toEqual({
      root: 'partial',
      bundle: 'success',
      renders: 'success',
      page3: 'success',
      brand: 'failure',
      fancy: 'failure',
      plain: 'success',
      manifest: 'success',
    });
    expect(report.rootState).toBe('partial_success');
  });

  it('validates against the report schema', () => {
    const result = validateAgainst('report', report);
    expect(result).toEqual({ ok: true, value: report });
  });

  it('still validates when the root fails or waits for a person', () => {
    const failing = scenario({ ...PARTIAL_RUN, renders: 'fail' }).report;
    expect(failing.rootState).toBe('failure');
    expect(validateAgainst('report', failing).ok).toBe(true);
    const waiting = scenario({ ...PARTIAL_RUN, page3: 'inconclusive' }).report;
    expect(waiting.rootState).toBe('needs_human');
    expect(waiting.nodes.page3?.error).toEqual({ category: 'crash', message: HOSTILE_ERROR });
    expect(validateAgainst('report', waiting).ok).toBe(true);
  });

  it('keeps the partition, the inheritance and the re-run reasons', () => {
    expect(report.partition).toEqual({
      rerun: ['brand', 'bundle#assert', 'fancy', 'page3', 'plain', 'renders'],
      inherited: ['manifest'],
    });
    expect(report.nodes.manifest).toMatchObject({
      state: 'success',
      inherited: true,
      inheritedFrom: { runId: 'run-1', settledAt: '2025-03-01T10:00:00.000Z' },
    });
    expect(report.nodes.brand).toMatchObject({ inherited: false, rerunReason: 'capture_changed' });
    expect(report.nodes.renders?.rerunReason).toBe('new');
    expect(report.nodes.bundle?.assert).toMatchObject({ state: 'success', verdict: 'pass' });
    expect(report.totals).toEqual({
      verified: 6,
      inherited: 1,
      blocked: 0,
      tokens: 3000,
      costUsd: expect.closeTo(0.06, 10) as number,
      wallMs: 9000,
    });
  });
});

/** Every tag in an HTML document: name and raw attribute text. */
function tagsOf(html: string): { name: string; attributes: string }[] {
  return [...html.matchAll(/<\/?([A-Za-z!][A-Za-z0-9-]*)([^>]*)>/g)].map((match) => ({
    name: (match[1] as string).toLowerCase(),
    attributes: match[2] as string,
  }));
}

describe('renderHtmlReport', () => {
  const { graph, report } = scenario(PARTIAL_RUN);
  const html = renderHtmlReport(report, graph);

  it('never lets hostile evidence, titles, errors or warnings through as markup', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/<b[ >]/i);
    expect(html).not.toContain(HOSTILE_EVIDENCE.note);
    expect(html).not.toContain(HOSTILE_TITLE);
    expect(html).toContain(escapeHtml(JSON.stringify(HOSTILE_EVIDENCE.note)));
    expect(html).toContain(escapeHtml('Deliver "the" deck <script>alert(1)</script>'));
    expect(html).toContain(escapeHtml('Page 3 <figure> has no "text" occlusion'));
    expect(html).toContain(escapeHtml(HOSTILE_WARNING));
  });

  it('names the sandbox limits this host did not enforce, and only those', () => {
    const limited = renderHtmlReport(
      {
        ...report,
        isolation: {
          kind: 'bubblewrap',
          limits: [
            { name: 'seccomp', enforced: true, detail: 'seccomp filter loaded by bubblewrap' },
            { name: 'memory', enforced: false, detail: 'not enforced: <no cgroup delegation>' },
          ],
        },
      },
      graph,
    );
    expect(limited).toContain('Not enforced on this host:');
    expect(limited).toContain(`memory: ${escapeHtml('not enforced: <no cgroup delegation>')}`);
    expect(limited).not.toContain('seccomp filter loaded');
    expect(html).not.toContain('Not enforced on this host');
  });

  it('renders an error message that carries markup as text', () => {
    const waiting = scenario({ ...PARTIAL_RUN, page3: 'inconclusive' });
    const page = renderHtmlReport(waiting.report, waiting.graph);
    expect(page).not.toMatch(/<iframe/i);
    expect(page).toContain(escapeHtml(`crash: ${HOSTILE_ERROR}`));
  });

  it('uses only inert markup: no script tag, no external resource, no outside link', () => {
    const allowed = new Set([
      '!doctype',
      'html',
      'head',
      'meta',
      'title',
      'style',
      'body',
      'h1',
      'h2',
      'h3',
      'p',
      'code',
      'span',
      'a',
      'ul',
      'li',
      'em',
      'section',
      'table',
      'tr',
      'th',
      'td',
      'pre',
      // Collapsed sections (an audit trail, a node's provenance): inert, no script.
      'details',
      'summary',
    ]);
    const tags = tagsOf(html);
    expect(tags.length).toBeGreaterThan(20);
    expect(tags.map((t) => t.name).filter((name) => !allowed.has(name))).toEqual([]);
    for (const tag of tags) {
      expect(tag.attributes).not.toMatch(/\b(src|srcset|action|formaction|on[a-z]+)\s*=/i);
      for (const href of tag.attributes.matchAll(/href="([^"]*)"/g)) {
        expect(href[1]).toMatch(/^#goal-[A-Za-z0-9._-]+$/);
      }
    }
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).not.toMatch(/url\(|@import|https?:/i);
    // The only http(s) text left is the escaped evidence, inside <pre>.
    const outsidePre = html.replace(/<pre>[\s\S]*?<\/pre>/g, '');
    expect(outsidePre).not.toMatch(/https?:\/\//i);
    expect(html).toMatch(/Content-Security-Policy" content="default-src 'none'/);
  });

  it('keeps its structure balanced whatever the evidence says', () => {
    for (const name of ['pre', 'table', 'section', 'ul', 'li', 'td']) {
      const opened = (html.match(new RegExp(`<${name}[ >]`, 'g')) ?? []).length;
      const closed = (html.match(new RegExp(`</${name}>`, 'g')) ?? []).length;
      expect({ name, opened }).toEqual({ name, opened: closed });
    }
  });

  it('shows the root state and a section with evidence for every goal', () => {
    expect(html).toMatch(
      /<h1>deck-quality: <span class="badge"[^>]*>partial_success<\/span><\/h1>/,
    );
    for (const id of graph.nodes.keys()) expect(html).toContain(`<section id="goal-${id}">`);
    expect(html).toContain(escapeHtml(JSON.stringify({ checked: 'build/pages' }, null, 2)));
    expect(html).toContain('re-run because</th><td>capture_changed');
    expect(html).toContain('inherited from</th><td>run run-1');
  });
});

type MermaidLine =
  | { kind: 'header' }
  | { kind: 'node'; id: string; shape: 'box' | 'stadium'; label: string }
  | { kind: 'edge'; from: string; to: string; dashed: boolean; label?: string }
  | { kind: 'style'; id: string; fill: string };

/** A strict reading of the subset of Mermaid flowchart syntax DoG emits. */
function parseMermaid(text: string): MermaidLine[] {
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line, index) => {
      if (index === 0) {
        expect(line).toBe('flowchart TD');
        return { kind: 'header' };
      }
      let m = /^ {2}(n\d+)\["([^"[\]{}()|<>\n]*)"\]$/.exec(line);
      if (m) return { kind: 'node', id: m[1] as string, shape: 'box', label: m[2] as string };
      m = /^ {2}(n\d+)\(\["([^"[\]{}()|<>\n]*)"\]\)$/.exec(line);
      if (m) return { kind: 'node', id: m[1] as string, shape: 'stadium', label: m[2] as string };
      m = /^ {2}(n\d+) (-->|-\.->)(?:\|([^|"\n]+)\|)? (n\d+)$/.exec(line);
      if (m) {
        return {
          kind: 'edge',
          from: m[1] as string,
          to: m[4] as string,
          dashed: m[2] === '-.->',
          ...(m[3] === undefined ? {} : { label: m[3] }),
        };
      }
      m = /^ {2}style (n\d+) fill:(#[0-9a-f]{6}),color:#ffffff$/.exec(line);
      if (m) return { kind: 'style', id: m[1] as string, fill: m[2] as string };
      throw new Error(`line ${index + 1} is not valid DoG Mermaid: ${JSON.stringify(line)}`);
    });
}

describe('toMermaid', () => {
  const { graph, states } = scenario(PARTIAL_RUN);
  const text = toMermaid(graph, states);
  const lines = parseMermaid(text);
  const nodes = lines.filter((l): l is Extract<MermaidLine, { kind: 'node' }> => l.kind === 'node');
  const edges = lines.filter((l): l is Extract<MermaidLine, { kind: 'edge' }> => l.kind === 'edge');
  const styles = lines.filter(
    (l): l is Extract<MermaidLine, { kind: 'style' }> => l.kind === 'style',
  );
  const mid = (goal: string): string => {
    const found = nodes.find((n) => n.label.split(' · ')[0] === goal);
    if (!found) throw new Error(`no Mermaid node for ${goal}`);
    return found.id;
  };

  it('declares exactly one node per goal, composites as boxes and leaves as stadiums', () => {
    expect(nodes).toHaveLength(graph.nodes.size);
    expect(new Set(nodes.map((n) => n.id)).size).toBe(graph.nodes.size);
    for (const [id, node] of graph.nodes) {
      const declared = nodes.find((n) => n.id === mid(id));
      expect(declared).toMatchObject({
        shape: node.kind === 'composite' ? 'box' : 'stadium',
        label: `${id} · ${states.get(id)}`,
      });
    }
  });

  it('draws every containment edge, labelling tolerable, degrade and optional relations', () => {
    const edge = (from: string, to: string) =>
      edges.filter((e) => e.from === mid(from) && e.to === mid(to));
    expect(edge('root', 'renders')).toEqual([
      { kind: 'edge', from: mid('root'), to: mid('renders'), dashed: false },
    ]);
    expect(edge('root', 'brand')[0]?.label).toBe('tolerable');
    expect(edge('root', 'fancy')[0]?.label).toBe('degrade→plain');
    expect(edge('root', 'plain')[0]?.label).toBe('optional');
    expect(edge('bundle', 'manifest')[0]?.label).toBe('optional');
    // The shared child has its own edge, with its own policy, under each parent.
    expect(edge('bundle', 'renders')[0]?.label).toBe('tolerable');
    expect(edges.filter((e) => !e.dashed)).toHaveLength(graphDocument.contains.length);
  });

  it('draws dependencies as dashed edges from source to target', () => {
    expect(edges.filter((e) => e.dashed)).toEqual([
      { kind: 'edge', from: mid('page3'), to: mid('renders'), dashed: true, label: 'needs' },
    ]);
  });

  it('colours each node by its state', () => {
    expect(styles).toHaveLength(graph.nodes.size);
    const fill = (goal: string): string | undefined => styles.find((s) => s.id === mid(goal))?.fill;
    expect(fill('renders')).toBe('#2da44e');
    expect(fill('manifest')).toBe(fill('renders'));
    expect(fill('brand')).toBe('#cf222e');
    expect(fill('root')).toBe('#bf8700');
    const blocked = scenario({ ...PARTIAL_RUN, renders: 'fail' });
    const blockedLines = parseMermaid(toMermaid(blocked.graph, blocked.states));
    const fills = new Set(blockedLines.flatMap((l) => (l.kind === 'style' ? [l.fill] : [])));
    expect(blocked.states.get('page3')).toBe('blocked');
    expect(blocked.states.get('bundle')).toBe('partial');
    expect(fills).toEqual(new Set(['#cf222e', '#8c959f', '#2da44e', '#bf8700']));
  });

  it('stays valid without states, and with quotes and brackets in every title', () => {
    const plain = parseMermaid(toMermaid(graph));
    expect(plain.filter((l) => l.kind === 'style')).toEqual([]);
    expect(plain.filter((l) => l.kind === 'node')).toHaveLength(graph.nodes.size);
    const hostile = structuredClone(graphDocument) as typeof graphDocument & {
      nodes: Record<string, { title: string }>;
    };
    for (const node of Object.values(hostile.nodes)) node.title = HOSTILE_TITLE;
    const hostileGraph = compile(hostile);
    expect(() => parseMermaid(toMermaid(hostileGraph, states))).not.toThrow();
  });
});

/**
 * Reads DOT text the way Graphviz tokenizes it: quoted strings with backslash escapes, and
 * braces/brackets outside strings. Fails on an unterminated string or unbalanced brackets.
 */
function dotStructure(text: string): { strings: string[]; statements: number } {
  const strings: string[] = [];
  const stack: string[] = [];
  let statements = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') {
      let value = '';
      i += 1;
      for (; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\\') {
          value += text.slice(i, i + 2);
          i += 1;
        } else {
          value += text[i];
        }
      }
      if (i >= text.length) throw new Error('unterminated string in DOT output');
      strings.push(value);
    } else if (c === '{' || c === '[') {
      stack.push(c);
    } else if (c === '}' || c === ']') {
      const open = stack.pop();
      if (open !== (c === '}' ? '{' : '[')) throw new Error(`unbalanced ${c} at ${i}`);
    } else if (c === ';') {
      statements += 1;
    }
  }
  if (stack.length > 0) throw new Error(`unclosed ${stack.join('')}`);
  return { strings, statements };
}

describe('toDot', () => {
  const { graph } = scenario(PARTIAL_RUN);
  const hostile = structuredClone(graphDocument) as typeof graphDocument & {
    nodes: Record<string, { title: string }>;
  };
  for (const node of Object.values(hostile.nodes)) node.title = HOSTILE_TITLE;
  const dot = toDot(compile(hostile));

  it('is balanced and escapes quotes, backslashes and newlines in titles', () => {
    const { strings, statements } = dotStructure(dot);
    expect(dot.startsWith('digraph "deck-quality" {\n')).toBe(true);
    expect(dot.trimEnd().endsWith('}')).toBe(true);
    // One statement per node, per containment edge, per dependency, plus rankdir.
    expect(statements).toBe(
      1 + graph.nodes.size + graphDocument.contains.length + graphDocument.dependsOn.length,
    );
    const label = strings.find((s) => s.startsWith('root\\n'));
    expect(label).toBe(
      'root\\nDeliver \\"the\\" deck <script>alert(1)</script> [v2] (final) {x} |pipe| ]) --> end\\nnext line \\\\',
    );
    expect(dot).not.toContain('"the"');
  });

  it('declares every goal once and draws relations and dashed dependencies', () => {
    for (const [id, node] of graph.nodes) {
      const shape = node.kind === 'composite' ? 'box' : 'ellipse';
      const declarations = dot.split('\n').filter((l) => l.startsWith(`  "${id}" [shape=`));
      expect(declarations).toHaveLength(1);
      expect(declarations[0]).toContain(`[shape=${shape}, label="${id}\\n`);
    }
    expect(dot).toContain('  "root" -> "brand" [label="tolerable"];');
    expect(dot).toContain('  "root" -> "fancy" [label="degrade→plain"];');
    expect(dot).toContain('  "root" -> "plain" [label="optional"];');
    expect(dot).toContain('  "root" -> "renders";');
    expect(dot).toContain('  "page3" -> "renders" [style=dashed, label="needs"];');
  });
});

describe('formatSummary', () => {
  it('puts the root state first and lists every goal with its state', () => {
    const { report } = scenario(PARTIAL_RUN);
    const lines = formatSummary(report).split('\n');
    expect(lines[0]).toBe('deck-quality: PARTIAL SUCCESS  (run run-2)');
    const goalLines = lines.slice(
      1,
      lines.findIndex((l) => l.startsWith('verified ')),
    );
    for (const [id, node] of Object.entries(report.nodes)) {
      const line = goalLines.find((l) => l.trimStart().startsWith(`${id} `));
      expect(line).toBeDefined();
      expect(line).toMatch(new RegExp(`^ {2}${id} +${node.state}( |$)`));
    }
    expect(goalLines.find((l) => l.trimStart().startsWith('manifest '))).toContain('inherited');
    expect(goalLines.find((l) => l.trimStart().startsWith('brand '))).toContain('capture_changed');
    expect(goalLines).toContainEqual(expect.stringMatching(/^ +assert: success$/));
    expect(lines).toContain('verified 6, inherited 1, blocked 0, 9.0s, 3000 tokens, $0.0600');
    expect(lines).toContain('isolation: none (explicitly configured)');
    expect(lines).toContain(`warning: ${HOSTILE_WARNING}`);
  });

  it('names a failing or waiting root first, with why each goal did not succeed', () => {
    const failing = formatSummary(scenario({ ...PARTIAL_RUN, renders: 'fail' }).report);
    expect(failing.split('\n')[0]).toBe('deck-quality: FAILURE  (run run-2)');
    expect(failing).toMatch(/ {2}page3 +blocked .*blocked: dependency "renders" ended failure/);
    const waiting = formatSummary(scenario({ ...PARTIAL_RUN, page3: 'inconclusive' }).report);
    expect(waiting.split('\n')[0]).toBe('deck-quality: NEEDS A PERSON  (run run-2)');
    expect(waiting).toContain(`crash: ${HOSTILE_ERROR}`);
  });
});

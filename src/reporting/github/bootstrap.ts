// What DoG shows for a pull request whose graph is not in force yet: the first pull request
// that adds DoG (its base has no graph), and a pull request that edits the trusted graph,
// configuration or scripts. Pure: it renders a view the Action builds without running any
// of the pull request's scripts, commands or models. Every title and problem is PR-authored
// text and is escaped.
import type { Problem } from '../../core/errors.js';
import type { VerifierSpec } from '../../core/types.js';
import { code, inline, truncateChars } from './markdown.js';

export type TargetPresence = 'file' | 'directory' | 'missing' | 'other';

/** One verification the graph asks for: a leaf, or a composite's assert. */
export type ProposedWork = {
  key: string;
  title: string;
  role: 'leaf' | 'assert';
  target: string;
  verifier: VerifierSpec;
  presence: TargetPresence;
};

export type ProposedGraphView =
  | { valid: true; graphId: string; goals: number; work: ProposedWork[] }
  | { valid: false; message: string; problems: readonly Problem[] };

/** What brings the changes: a pull request, or a merge queue's group of them. */
export type ChangeSource = 'pull request' | 'merge group';

export type BootstrapView = {
  source: ChangeSource;
  /** The graph's path in the pull request, when known. */
  graphPath: string | undefined;
  /** Where DoG looked for a trusted graph, for people ("base commit 1a2b3c4d5e6f"). */
  base: string;
  proposed: ProposedGraphView;
};

export type GraphChangeView = {
  source: ChangeSource;
  /** The graph, configuration and script paths the pull request changes. */
  paths: string[];
  proposed:
    | { valid: true; goals: number; added: string[]; removed: string[]; changed: string[] }
    | { valid: false; message: string; problems: readonly Problem[] };
};

/** A repository path of plain characters goes in a code span; anything else is escaped text. */
function pathCode(path: string): string {
  return /^[A-Za-z0-9._/-]{1,300}$/.test(path) ? `\`${path}\`` : inline(path, MAX_TEXT);
}

const MAX_ROWS = 200;
const MAX_PROBLEMS = 50;
/** Under GitHub's 65,535-character limit for a check run's summary. */
export const BOOTSTRAP_SUMMARY_CHARS = 65_000;
const MAX_TEXT = 300;

export const BOOTSTRAP_TITLES = {
  valid: 'DoG: bootstrap — takes effect after merge',
  invalid: 'DoG: bootstrap — the proposed graph is invalid',
} as const;

export function bootstrapConclusion(view: BootstrapView): 'neutral' | 'failure' {
  return view.proposed.valid ? 'neutral' : 'failure';
}

export function bootstrapTitle(view: BootstrapView): string {
  return view.proposed.valid ? BOOTSTRAP_TITLES.valid : BOOTSTRAP_TITLES.invalid;
}

/** Job summary and check-run summary alike: fewer table rows until it fits `maxChars`. */
export function renderBootstrapSummary(
  view: BootstrapView,
  maxChars = BOOTSTRAP_SUMMARY_CHARS,
): string {
  let rows = MAX_ROWS;
  let text = renderWithRows(view, rows);
  while (text.length > maxChars && rows > 0) {
    rows = Math.floor(rows / 2);
    text = renderWithRows(view, rows);
  }
  return truncateChars(text, maxChars);
}

function renderWithRows(view: BootstrapView, maxRows: number): string {
  const where = view.graphPath === undefined ? 'its graph' : pathCode(view.graphPath);
  const lines = [
    `## ${bootstrapTitle(view)}`,
    '',
    `The ${inline(view.base, MAX_TEXT)} has no DoG graph yet, so this ${view.source} adds the first one: ${where}. DoG validated this ${view.source}'s version and ran nothing from it — no script, no configured command, no model. The graph takes effect after merge: from then on, every pull request is verified with the graph of its base branch.`,
    '',
  ];
  if (!view.proposed.valid) return [...lines, ...problemLines(view.proposed)].join('\n');
  return [...lines, ...planLines(view.proposed, maxRows)].join('\n');
}

function planLines(view: Extract<ProposedGraphView, { valid: true }>, maxRows: number): string[] {
  const agentic = view.work.filter((w) => w.verifier.mode === 'agentic');
  const calls = agentic.reduce((n, w) => n + votesOf(w.verifier), 0);
  const missing = view.work.filter((w) => w.presence === 'missing');
  const rows = view.work.slice(0, maxRows).map(workRow);
  return [
    `### What it would verify`,
    '',
    `The graph ${code(view.graphId)} is valid: ${view.goals} goal(s), ${view.work.length} verification(s) — ${view.work.length - agentic.length} programmatic, ${agentic.length} agentic (${calls} agent run(s) counting votes).`,
    '',
    '| Goal | Title | Verifier | Target | In this pull request |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    ...(view.work.length > rows.length
      ? ['', `… and ${view.work.length - rows.length} more.`]
      : []),
    '',
    `**Which would run:** all of them, on the first run after merge. DoG looks up no earlier verdicts for a graph that is not trusted yet; later runs inherit the verdict of every goal whose bytes and verifier did not change.`,
    ...(missing.length > 0
      ? [
          '',
          `**Would fail as \`target_missing\` if still absent after merge:** ${missing.map((w) => code(w.key)).join(', ')}. If a build step produces them, run it before DoG in the workflow.`,
        ]
      : []),
  ];
}

function workRow(work: ProposedWork): string {
  const cells = [
    code(work.key),
    inline(work.title, MAX_TEXT),
    verifierText(work.verifier),
    pathCode(work.target),
    PRESENCE[work.presence],
  ];
  return `| ${cells.join(' | ')} |`;
}

const PRESENCE: Record<TargetPresence, string> = {
  file: 'file present',
  directory: 'directory present',
  missing: '**missing**',
  other: 'a link or special file (checked at capture)',
};

function votesOf(verifier: VerifierSpec): number {
  return verifier.mode === 'agentic' ? (verifier.votes ?? 1) : 0;
}

function verifierText(verifier: VerifierSpec): string {
  if (verifier.mode === 'programmatic') return `script ${code(verifier.script)}`;
  const votes = (verifier.votes ?? 1) > 1 ? `, ${verifier.votes ?? 1} votes` : '';
  const model = verifier.model === undefined ? '' : `, model ${code(verifier.model)}`;
  return `agentic${votes}${model}`;
}

function problemLines(view: { message: string; problems: readonly Problem[] }): string[] {
  const shown = view.problems.slice(0, MAX_PROBLEMS);
  return [
    '### What to fix',
    '',
    inline(view.message, MAX_TEXT),
    '',
    ...shown.map((p) => `- ${problemText(p)}`),
    ...(view.problems.length > shown.length
      ? [`- … and ${view.problems.length - shown.length} more`]
      : []),
    '',
    'Run `dog validate` locally to see the same list.',
  ];
}

function problemText(problem: Problem): string {
  const where = problem.pointer === '' ? '/' : problem.pointer;
  const subject = problem.subject === undefined ? '' : ` (${inline(problem.subject, MAX_TEXT)})`;
  return `${inline(where, MAX_TEXT)}${subject}: ${inline(problem.message, MAX_TEXT)}`;
}

/** One plain-text annotation line per problem, for the graph file. */
export function bootstrapAnnotationText(view: BootstrapView): string | undefined {
  if (view.proposed.valid) return undefined;
  const lines = view.proposed.problems.slice(0, MAX_PROBLEMS).map((p) => {
    const where = p.pointer === '' ? '/' : p.pointer;
    return `${where}${p.subject === undefined ? '' : ` (${p.subject})`}: ${p.message}`;
  });
  return truncateChars([view.proposed.message, ...lines].join('\n'), 4000);
}

/** The section a normal run adds when the pull request edits graph, configuration or scripts. */
export function renderGraphChange(view: GraphChangeView): string {
  const paths = view.paths.slice(0, 20).map(pathCode);
  const more = view.paths.length > paths.length ? `, … (${view.paths.length} in all)` : '';
  const head = [
    `### This ${view.source} changes DoG’s graph, configuration or scripts`,
    '',
    `It changes ${paths.join(', ')}${more}. This run verified with the base commit's version; the change takes effect after merge.`,
    '',
  ];
  if (!view.proposed.valid)
    return [
      ...head,
      '**Its version is invalid**, so it could not take effect:',
      '',
      ...problemLines(view.proposed).slice(2),
    ].join('\n');
  const { goals, added, removed, changed } = view.proposed;
  const list = (ids: string[]): string =>
    ids.length === 0
      ? 'none'
      : ids
          .slice(0, 50)
          .map((id) => code(id))
          .join(', ') + (ids.length > 50 ? ', …' : '');
  return [
    ...head,
    `**Its version is valid:** ${goals} goal(s). Added: ${list(added)}. Removed: ${list(removed)}. Changed: ${list(changed)}.`,
  ].join('\n');
}

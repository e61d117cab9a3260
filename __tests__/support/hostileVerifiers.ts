// A workspace whose verifiers print workflow commands (HOSTILE_LINES) through every channel
// DoG shows: a script's crash stderr (one script per line, so each fits in the progress
// line), a script's evidence, file and link names inside a captured directory, a model's
// error answer and a model's verdict. Shared by the Action's and the CLI's end-to-end tests.
import { stringify } from 'yaml';
import type { FakeReply, FakeRequest } from './fakeModelServer.js';
import { errorReply, toolCallReply } from './fakeModelServer.js';
import { HOSTILE_LINES, HOSTILE_TEXT } from './actions/hostileLines.js';
import { parseWorkflowCommands, type WorkflowCommand } from './actions/workflowCommands.js';

export type HostileWorkspace = {
  /** What the trusted ref holds: graph, configuration, host scripts. */
  trusted: Record<string, string>;
  /** The checkout besides the trusted files: the targets. */
  targets: Record<string, string>;
  /** Symbolic links in the checkout: path → link text. */
  links: Record<string, string>;
  /** The host scripts (executable). */
  scripts: string[];
};

const PAGE = 'docs/page.md';
const HOSTILE_EVIDENCE = { summary: HOSTILE_TEXT, lines: HOSTILE_LINES };

/** Octal escapes for the shell's printf: any byte, `%` and `\` included, prints as itself. */
function octal(text: string): string {
  return [...Buffer.from(text)].map((byte) => `\\${byte.toString(8).padStart(3, '0')}`).join('');
}

/** The line twice: first where a table's reason shows it, then whole (stderr is trimmed). */
function crashScript(line: string): string {
  return `#!/bin/sh\nprintf '${octal(`${line}\n${line}\n`)}' >&2\nexit 3\n`;
}

function evidenceScript(): string {
  const judge = JSON.stringify({ verdict: 'fail', evidence: HOSTILE_EVIDENCE });
  return `#!/bin/sh\nprintf '${octal(judge)}' > "$DOG_OUTPUT"\n`;
}

const programmatic = (script: string, target = PAGE) => ({
  kind: 'leaf',
  title: `${script} holds`,
  target,
  verifier: { mode: 'programmatic', script },
});

const agentic = (instruction: string) => ({
  kind: 'leaf',
  title: 'The page reads well',
  target: PAGE,
  verifier: { mode: 'agentic', instruction },
});

function graphOf(): string {
  const nodes: Record<string, unknown> = {
    evidence: programmatic('evidence.print'),
    names: programmatic('dir.non_empty', 'site/names'),
    links: programmatic('dir.non_empty', 'site/links'),
    'model-error': agentic('Say whether the page is about the weather.'),
    'model-verdict': agentic('Judge whether the page reads well.'),
  };
  HOSTILE_LINES.forEach((_, i) => (nodes[`crash-${i}`] = programmatic(`crash.${i}`)));
  const ids = Object.keys(nodes);
  const root = {
    kind: 'composite',
    title: 'Every verifier is heard',
    completion: { op: 'all', items: ids.map((id) => ({ op: 'ref', id })) },
  };
  return stringify({
    schemaVersion: '1',
    id: 'hostile',
    root: 'root',
    nodes: { root, ...nodes },
    contains: ids.map((child) => ({ parent: 'root', child })),
  });
}

/** The workspace, with a model provider at `modelUrl` keyed by DOG_TEST_KEY. */
export function hostileWorkspace(modelUrl: string, configTail = ''): HostileWorkspace {
  const scripts: Record<string, string> = { '.dog/scripts/evidence.print': evidenceScript() };
  HOSTILE_LINES.forEach((line, i) => (scripts[`.dog/scripts/crash.${i}`] = crashScript(line)));
  const config = `providers:\n  fake: {kind: openai, baseUrl: "${modelUrl}/v1", apiKeyEnv: DOG_TEST_KEY}\nmodels:\n  default: {provider: fake, model: fake-model}\n${configTail}`;
  return {
    trusted: { '.dog/graph.yaml': graphOf(), '.dog/config.yaml': config, ...scripts },
    targets: {
      [PAGE]: '# Page\n\nIt reads well.\n',
      'site/names/::error::pwned by a file name': 'x\n',
      'site/names/##[error]pwned by a file name': 'x\n',
      'site/names/a\n::add-mask::failure': 'x\n',
      'site/links/fine.txt': 'x\n',
    },
    links: {
      'site/links/##[warning]pwned by a link name': '/etc/passwd',
      'site/links/evil\n::error::pwned by a link name': '../../outside',
    },
    scripts: Object.keys(scripts),
  };
}

/** A model that answers one goal with an error quoting the hostile lines, the other with them. */
export function hostileModel(request: FakeRequest): FakeReply {
  if (JSON.stringify(request.body).includes('weather'))
    return errorReply('openai', 400, HOSTILE_TEXT);
  const messages = (request.body as { messages?: { role: string }[] }).messages ?? [];
  if (!messages.some((m) => m.role === 'tool'))
    return toolCallReply('openai', [{ id: 'r1', name: 'read_file', args: { path: 'page.md' } }]);
  return toolCallReply('openai', [
    { id: 's1', name: 'submit_verdict', args: { verdict: 'fail', evidence: HOSTILE_EVIDENCE } },
  ]);
}

/** The commands the hostile lines stand for, as the runner would obey them one by one. */
const INJECTED: readonly WorkflowCommand[] = HOSTILE_LINES.flatMap(parseWorkflowCommands);

/** Commands no DoG step ever gives: they can only have come from a verifier. */
const NEVER_DOGS = new Set(['stop-commands', 'set-output', 'save-state', 'echo', 'set-env']);

/**
 * The commands of a log that came from what the verifiers printed: one the hostile lines
 * stand for, one DoG never gives, or one in the older `##[` form (@actions/core writes `::`
 * at the start of a line, nothing else).
 */
export function injectedCommands(commands: readonly WorkflowCommand[]): WorkflowCommand[] {
  return commands.filter(
    (c) =>
      NEVER_DOGS.has(c.command) ||
      !c.line.startsWith('::') ||
      INJECTED.some((i) => i.command === c.command && i.message === c.message),
  );
}

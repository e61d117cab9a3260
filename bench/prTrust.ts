// What the default cache trust costs a pull request: by default a pull request run inherits
// only from its base and the default branch (its own cache scope is writable by any workflow
// of the pull request), so each push verifies again every goal whose bytes differ from the
// base; with `trust-pull-request-cache: true` it inherits from its own earlier runs too and
// verifies only what changed since. Both series are the bundled action, one `run` job per
// push, against the emulated services, after one push to main has filled main's scope.
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Services, type Files, type TimedStep } from './emulatedGitHub.js';
import { markdownTable } from './markdown.js';

const DIRECTORIES = 10;
const FILES_PER_DIRECTORY = 12;
/** Files changed by each push of the pull request: the first push, then review fix-ups. */
const PUSHES: readonly (readonly string[])[] = [
  ['d00/f00', 'd00/f01', 'd03/f04', 'd05/f02', 'd07/f07', 'd09/f11'],
  ['d00/f00', 'd02/f03'],
  ['d05/f02', 'd08/f01'],
  ['d00/f01', 'd04/f09'],
  ['d09/f11', 'd06/f05'],
];

type Series = { verified: number[]; seconds: number[] };

/** A graph of realistic shape: two goals per source file, one per directory, a root. */
export function projectGraph(): { files: Files; goals: number } {
  const nodes: string[] = [];
  const children: string[] = [];
  const files: Files = {};
  const leaf = (id: string, target: string, verifier: string) => {
    nodes.push(
      `  ${id}:\n    kind: leaf\n    title: ${id}\n    target: ${target}\n    verifier: ${verifier}\n`,
    );
    children.push(id);
  };
  for (let d = 0; d < DIRECTORIES; d += 1) {
    const dir = `d${String(d).padStart(2, '0')}`;
    leaf(`${dir}_tree`, `src/${dir}`, '{mode: programmatic, script: dir.non_empty}');
    for (let f = 0; f < FILES_PER_DIRECTORY; f += 1) {
      const name = `${dir}/f${String(f).padStart(2, '0')}`;
      files[`src/${name}.ts`] = source(name, 0);
      const id = name.replace('/', '_');
      leaf(`${id}_nonempty`, `src/${name}.ts`, '{mode: programmatic, script: file.non_empty}');
      leaf(
        `${id}_exports`,
        `src/${name}.ts`,
        '{mode: programmatic, script: text.includes, params: {text: export}}',
      );
    }
  }
  const items = children.map((id) => `{op: ref, id: ${id}}`).join(', ');
  const contains = children.map((id) => `  - {parent: root, child: ${id}}\n`).join('');
  const limit = 4 * children.length;
  files['.dog/graph.yaml'] =
    `schemaVersion: "1"\nid: bench-pr-trust\nroot: root\nnodes:\n  root:\n    kind: composite\n    title: The project is in order\n    completion: {op: all, items: [${items}]}\n${nodes.join('')}contains:\n${contains}`;
  files['.dog/config.yaml'] =
    `isolation: none\nlimits: {maxNodes: ${limit}, maxExpressionNodes: ${limit}}\n`;
  return { files, goals: children.length };
}

function source(name: string, revision: number): string {
  return `// ${name}, revision ${revision}\nexport const value = ${revision};\n`;
}

/** The checkout after `pushes` pushes: each push rewrites its files with a new revision. */
function checkoutAfter(base: Files, pushes: number): Files {
  const files = { ...base };
  PUSHES.slice(0, pushes).forEach((changed, index) => {
    for (const name of changed) files[`src/${name}.ts`] = source(name, index + 1);
  });
  return files;
}

async function series(
  services: Services,
  base: Files,
  firstRun: number,
  inputs: Record<string, string>,
): Promise<Series> {
  const result: Series = { verified: [], seconds: [] };
  for (let push = 1; push <= PUSHES.length; push += 1) {
    const step: TimedStep = await services.step({
      runId: firstRun + push,
      job: 'dog',
      files: checkoutAfter(base, push),
      inputs: { command: 'run', ...inputs },
      event: 'pull_request',
    });
    result.verified.push(Number(step.result.outputs.verified));
    result.seconds.push(step.ms / 1000);
  }
  return result;
}

/** Goals whose bytes a push changed: per file two goals and its directory's. */
function goalsTouched(names: readonly string[]): number {
  const dirs = new Set(names.map((n) => n.split('/')[0]));
  return 2 * new Set(names).size + dirs.size;
}

export async function runPrTrustBench(): Promise<{ rows: string[][]; notes: string[] }> {
  const { files, goals } = projectGraph();
  const services = await Services.start();
  let byDefault: Series;
  let optedIn: Series;
  try {
    const main = await services.step({ runId: 1, job: 'dog', files, inputs: { command: 'run' } });
    if (Number(main.result.outputs.verified) !== goals)
      throw new Error(`the push to main verified ${main.result.outputs.verified} of ${goals}`);
    byDefault = await series(services, files, 100, {});
    optedIn = await series(services, files, 200, { 'trust-pull-request-cache': 'true' });
  } finally {
    await services.stop();
  }
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const rows = [
    [
      'push',
      'goals changed by the push',
      'goals differing from the base',
      'verified, default',
      'verified, opt-in',
      'default s',
      'opt-in s',
    ],
    ...PUSHES.map((changed, i) => [
      String(i + 1),
      String(goalsTouched(changed)),
      String(goalsTouched(PUSHES.slice(0, i + 1).flat())),
      String(byDefault.verified[i]),
      String(optedIn.verified[i]),
      (byDefault.seconds[i] ?? NaN).toFixed(2),
      (optedIn.seconds[i] ?? NaN).toFixed(2),
    ]),
    [
      'all pushes',
      '',
      '',
      String(sum(byDefault.verified)),
      String(sum(optedIn.verified)),
      sum(byDefault.seconds).toFixed(2),
      sum(optedIn.seconds).toFixed(2),
    ],
  ];
  const ratio = sum(byDefault.verified) / sum(optedIn.verified);
  const notes = [
    `Graph: ${goals} programmatic goals over ${DIRECTORIES * FILES_PER_DIRECTORY} source files in ${DIRECTORIES} directories (per file \`file.non_empty\` and \`text.includes\`, per directory one directory target), \`isolation: none\`. A push to main verifies all ${goals} first and fills main's cache scope. Then one pull request gets ${PUSHES.length} pushes (${PUSHES.map((p) => p.length).join(', ')} files rewritten), each a one-job \`run\` on \`pull_request\`, once with the default trust and once with \`trust-pull-request-cache: true\`.`,
    `Default: each push verifies everything that differs from the base — the pull request's earlier runs saved nothing a later run believes. Opt-in: each push verifies only what changed since the previous push. Over the ${PUSHES.length} pushes the default verified ${sum(byDefault.verified)} goals, the opt-in ${sum(optedIn.verified)}: ${ratio.toFixed(2)}× as many. The extra work grows with how many files a pull request has touched so far, not with the size of the graph; everything the pull request did not touch is inherited from main either way.`,
    `Wall time per push from spawn to exit of the bundled action, one sample each, ${os.cpus().length} cores, Node ${process.version}; the default series runs first.`,
  ];
  return { rows, notes };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, notes } = await runPrTrustBench();
  process.stdout.write(`${markdownTable(rows)}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
}

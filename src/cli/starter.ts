// The starter files `dog init` writes: a graph of the goals it could detect, and a host
// configuration that is all comments (every key optional, defaults shown).

/** A goal the starter graph can hold, for a file found in the repository. */
export type StarterGoal = {
  id: string;
  title: string;
  target: string;
  script: string;
  params?: string;
};

/** Candidates in order; the first README found is used. Fixed names, so safe to write as YAML. */
const READMES = ['README.md', 'README', 'README.markdown', 'README.rst', 'README.txt', 'readme.md'];

export function detectGoals(files: ReadonlySet<string>): StarterGoal[] {
  const goals: StarterGoal[] = [];
  const readme = READMES.find((name) => files.has(name));
  if (readme)
    goals.push({
      id: 'readme',
      title: 'The README says something',
      target: readme,
      script: 'file.non_empty',
    });
  if (files.has('package.json'))
    goals.push({
      id: 'package-json',
      title: 'package.json is valid JSON',
      target: 'package.json',
      script: 'json.valid',
    });
  if (goals.length === 0)
    goals.push({
      id: 'store-ignored',
      title: "Git ignores dog's local store",
      target: '.gitignore',
      script: 'text.includes',
      params: "{text: '.dog/store/'}",
    });
  return goals;
}

export function starterGraph(
  goals: readonly StarterGoal[],
  schema: string,
  repoName: string,
): string {
  const refs = goals.map((goal) => `{op: ref, id: ${goal.id}}`).join(', ');
  const nodes = goals.map((goal) =>
    [
      `  ${goal.id}:`,
      '    kind: leaf',
      `    title: ${JSON.stringify(goal.title)}`,
      `    target: ${goal.target}`,
      `    verifier: {mode: programmatic, script: ${goal.script}${goal.params ? `, params: ${goal.params}` : ''}}`,
    ].join('\n'),
  );
  return `# yaml-language-server: $schema=${schema}
# The goals dog verifies for this repository. "dog validate" checks this file; "dog run"
# verifies it, re-verifying only goals whose target bytes changed since their last verdict.
schemaVersion: "1"
id: ${repoName}
title: ${JSON.stringify(`${repoName} holds`)}
root: root

nodes:
  root:
    kind: composite
    title: Every goal holds
    completion: {op: all, items: [${refs}]}

${nodes.join('\n\n')}

  # More goals: a leaf names a workspace-relative target and how to check it. Built-in scripts:
  # file.exists, file.non_empty, file.sha256, text.includes, json.valid, dir.non_empty; your
  # own go in .dog/scripts/. An agentic goal asks a model (configure one in config.yaml):
  # docs-friendly:
  #   kind: leaf
  #   title: The README explains how to install
  #   target: README.md
  #   verifier: {mode: agentic, instruction: "Does it say how to install? Fail if not."}

contains:
${goals.map((goal) => `  - {parent: root, child: ${goal.id}}`).join('\n')}
`;
}

export function starterConfig(schema: string): string {
  return `# yaml-language-server: $schema=${schema}
# Host configuration of dog here and in CI; never read from a pull request's head. Every key is
# optional: uncomment to change a default (shown).
#
# concurrency: 4                # verifications at once (default: the number of CPUs)
# isolation: auto               # auto | bubblewrap | none (none must be explicit)
# revalidateThreshold: 0.3      # warn when more than 30% of inheritable goals re-run
# timeouts: {programmaticSeconds: 120, agenticSeconds: 600}
# store:
#   maxBytes: 1073741824        # .dog/store is kept under 1 GiB: oldest runs go first
#
# Agentic goals need a model, for example a local OpenAI-compatible server:
# providers:
#   local: {kind: openai, baseUrl: 'http://127.0.0.1:11434/v1'}
# models:
#   default: {provider: local, model: 'qwen2.5:7b'}
`;
}

// The small graph the end-to-end scenarios share: three programmatic goals, one of them
// gated on another, so the matrix has two waves when programmatic goals leave the plan job.
import { bwrapPreflight } from '../../sandbox/support.js';
import type { Files } from './world.js';

export const GRAPH = `schemaVersion: "1"
id: e2e
root: root
nodes:
  root:
    kind: composite
    title: The change is acceptable
    completion: {op: all, items: [{op: ref, id: docs}, {op: ref, id: data}, {op: ref, id: mention}]}
  docs:
    kind: leaf
    title: The guide is not empty
    target: docs/guide.md
    verifier: {mode: programmatic, script: file.non_empty}
  data:
    kind: leaf
    title: The configuration is JSON
    target: data/config.json
    verifier: {mode: programmatic, script: json.valid}
  mention:
    kind: leaf
    title: The guide names DoG
    target: docs/guide.md
    verifier: {mode: programmatic, script: text.includes, params: {text: DoG}}
contains:
  - {parent: root, child: docs}
  - {parent: root, child: data}
  - {parent: root, child: mention}
dependsOn:
  - {source: mention, target: data}
`;

/**
 * The configuration line of scenarios that are not about the sandbox. On an Actions runner the
 * Action verifies nothing unsandboxed unless the configuration says `isolation: none`: where
 * bubblewrap does not work here they say so, and still check what they are about; where it
 * works they run in it, as by default.
 */
export const ISOLATION = bwrapPreflight.ok ? '' : 'isolation: none\n';

/** The configuration file those scenarios commit: none where the default applies. */
export const CONFIG: Files = ISOLATION ? { '.dog/config.yaml': ISOLATION } : {};

export const TRUSTED: Files = { '.dog/graph.yaml': GRAPH, ...CONFIG };
export const CHECKOUT: Files = {
  ...TRUSTED,
  'docs/guide.md': '# Guide\n\nDoG verifies this.\n',
  'data/config.json': '{"retries": 3}\n',
};
export const MATRIX = { 'programmatic-in-plan': 'false' };

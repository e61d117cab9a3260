// The graph the trust-by-origin scenarios share: one goal a script decides (data) and one only
// a person can (judged), and the bytes of the default branch and of a pull request that breaks
// the configuration.
import { graphKeyOf } from '../../../src/storage/github/recordPack.js';
import { CONFIG } from './fixtures.js';
import type { Files } from './world.js';

export const GRAPH = `schemaVersion: "1"
id: trust-by-origin
root: root
nodes:
  root:
    kind: composite
    title: The change is acceptable
    completion: {op: all, items: [{op: ref, id: data}, {op: ref, id: judged}]}
  data:
    kind: leaf
    title: The configuration is JSON
    target: data/config.json
    verifier: {mode: programmatic, script: json.valid}
  judged:
    kind: leaf
    title: The guide reads well
    target: docs/guide.md
    verifier: {mode: programmatic, script: unsure}
contains:
  - {parent: root, child: data}
  - {parent: root, child: judged}
`;
export const GRAPH_KEY = graphKeyOf('trust-by-origin');

const UNSURE = `#!/bin/sh\necho '{"verdict":"inconclusive","evidence":{"summary":"cannot tell"}}'\n`;
export const TRUSTED: Files = {
  '.dog/graph.yaml': GRAPH,
  '.dog/scripts/unsure': UNSURE,
  ...CONFIG,
};
export const MODES = { '.dog/scripts/unsure': 0o755 };
export const GOOD: Files = {
  ...TRUSTED,
  'docs/guide.md': '# Guide\n\nDoG verifies this.\n',
  'data/config.json': '{"retries": 3}\n',
};
/** The pull request's bytes: its configuration is not JSON, so `data` fails. */
export const BAD: Files = { ...GOOD, 'data/config.json': '{"retries": \n' };

// Bundles the CLI and the Action into dist/ (committed; CI rebuilds and fails on any difference).
import { copyFile } from 'node:fs/promises';
import { build } from 'esbuild';

const banner = [
  '#!/usr/bin/env node',
  "import { createRequire as __dogCreateRequire } from 'node:module';",
  'const require = __dogCreateRequire(import.meta.url);',
].join('\n');

await build({
  entryPoints: { cli: 'src/cli/bin.ts', action: 'src/action/index.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  keepNames: true,
  legalComments: 'none',
  banner: { js: banner },
  logLevel: 'warning',
});

// Built-in verifier scripts run as their own program inside the sandbox, beside the bundle.
await copyFile('src/verify/builtin-script.mjs', 'dist/builtin-script.mjs');

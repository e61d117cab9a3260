// Bundles the CLI into dist/ (committed; CI rebuilds and fails on any difference).
import { build } from 'esbuild';

const banner = [
  '#!/usr/bin/env node',
  "import { createRequire as __dogCreateRequire } from 'node:module';",
  'const require = __dogCreateRequire(import.meta.url);',
].join('\n');

await build({
  entryPoints: { cli: 'src/cli/main.ts' },
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

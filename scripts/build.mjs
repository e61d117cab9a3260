// Bundles the CLI and the Action into dist/ (committed; CI rebuilds and fails on any difference).
// DOG_BUILD_OUTDIR builds elsewhere (a private bundle for tests while dist/ stays as committed).
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

const outdir = process.env.DOG_BUILD_OUTDIR || 'dist';

const banner = [
  '#!/usr/bin/env node',
  "import { createRequire as __dogCreateRequire } from 'node:module';",
  'const require = __dogCreateRequire(import.meta.url);',
].join('\n');

await build({
  entryPoints: { cli: 'src/cli/bin.ts', action: 'src/action/index.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  keepNames: true,
  legalComments: 'none',
  banner: { js: banner },
  logLevel: 'warning',
});

// Programs that run as their own process, beside the bundle: the built-in verifier scripts
// (inside the sandbox), the gateway's forwarder (inside the sandbox, in front of exec agents)
// and the cleanup guard (outside, outliving a killed launcher).
await copyFile('src/verify/builtin-script.mjs', join(outdir, 'builtin-script.mjs'));
await copyFile('src/gateway/forwarder.mjs', join(outdir, 'forwarder.mjs'));
await copyFile('src/sandbox/cleanup-guard.mjs', join(outdir, 'cleanup-guard.mjs'));

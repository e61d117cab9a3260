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

// The Copilot SDK can host its runtime in-process through koffi (native FFI); DoG always runs
// the runtime as its own process, so koffi is replaced by a stub that fails if it is ever used,
// keeping native loaders out of dist/ (a bare external import would break loading the bundle).
/** @type {import('esbuild').Plugin} */
const noInProcessCopilot = {
  name: 'no-in-process-copilot',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^koffi$/ }, () => ({ path: 'koffi', namespace: 'dog-stub' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'dog-stub' }, () => ({
      contents:
        "const fail = () => { throw new Error('in-process Copilot runtime hosting is not supported'); };\n" +
        'export default new Proxy({}, { get: fail });\n',
      loader: 'js',
    }));
  },
};

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
  plugins: [noInProcessCopilot],
});

// Programs that run as their own process, beside the bundle: the built-in verifier scripts
// (inside the sandbox), the gateway's forwarder (inside the sandbox, in front of exec agents)
// and the cleanup guard (outside, outliving a killed launcher).
await copyFile('src/verify/builtin-script.mjs', join(outdir, 'builtin-script.mjs'));
await copyFile('src/gateway/forwarder.mjs', join(outdir, 'forwarder.mjs'));
await copyFile('src/sandbox/cleanup-guard.mjs', join(outdir, 'cleanup-guard.mjs'));

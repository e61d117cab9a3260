// Bundles the CLI and the Action into dist/ (committed; CI rebuilds and fails on any difference).
// DOG_BUILD_OUTDIR builds elsewhere (a private bundle for tests while dist/ stays as committed).
import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
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

// The schemas' validators compiled to code once, here, from the same Ajv set-up the sources
// use at run time (src/schemas/standalone.ts); the bundles import that code in place of
// src/schemas/precompiled.ts, so they never generate code while they run.
async function standaloneValidators() {
  const dir = await mkdtemp(join(tmpdir(), 'dog-build-'));
  try {
    const generator = join(dir, 'standalone.mjs');
    await build({
      entryPoints: ['src/schemas/standalone.ts'],
      outfile: generator,
      bundle: true,
      platform: 'node',
      format: 'esm',
      banner: { js: banner.split('\n').slice(1).join('\n') },
      logLevel: 'warning',
    });
    const { standaloneValidatorsCode } = await import(pathToFileURL(generator).href);
    return standaloneValidatorsCode();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const validatorsCode = await standaloneValidators();

/** @type {import('esbuild').Plugin} */
const precompiledSchemas = {
  name: 'precompiled-schemas',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]src[\\/]schemas[\\/]precompiled\.ts$/ }, () => ({
      contents: validatorsCode,
      loader: 'js',
      resolveDir: resolve('.'),
    }));
  },
};

// Chunks are named by their content: clear the old ones so a chunk nothing imports any more
// leaves dist/ (and shows as a difference) instead of lingering.
for (const name of await readdir(outdir).catch(() => []))
  if (name.startsWith('chunk-')) await rm(join(outdir, name));

await build({
  entryPoints: { cli: 'src/cli/bin.ts', action: 'src/action/index.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Shared code and each lazily imported room (an Action command, the Copilot SDK) become
  // chunks beside the entries, so a step compiles only what it runs. They sit in dist/ itself:
  // modules find their sibling programs (builtin-script.mjs, …) relative to their own URL.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  keepNames: true,
  legalComments: 'none',
  banner: { js: banner },
  logLevel: 'warning',
  plugins: [noInProcessCopilot, precompiledSchemas],
});

// Programs that run as their own process, beside the bundle: the built-in verifier scripts
// (inside the sandbox), the gateway's forwarder (inside the sandbox, in front of exec agents)
// and the cleanup guard (outside, outliving a killed launcher).
await copyFile('src/verify/builtin-script.mjs', join(outdir, 'builtin-script.mjs'));
await copyFile('src/gateway/forwarder.mjs', join(outdir, 'forwarder.mjs'));
await copyFile('src/sandbox/cleanup-guard.mjs', join(outdir, 'cleanup-guard.mjs'));

// The pull request's own version of graph, configuration and script library (DESIGN §4 step
// 1, §8): untrusted data that is parsed, validated and compiled — never run. No script is
// executed (the library is only looked at for names and modes), no provider is built, no
// configured command is started, and no model is called.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadHostConfig } from '../config/hostConfig.js';
import { ConfigError, UserError, type Problem } from '../core/errors.js';
import { compileGraph } from '../core/graph/compile.js';
import type { CompiledGraph } from '../core/graph/model.js';
import { formatFromName, parseStructuredText } from '../core/graph/parse.js';
import { hostContext } from '../engine/host/context.js';
import { CheckoutTree } from './bootstrapCheckout.js';
import { applyInputs, targetsRoot } from './host.js';
import type { TrustedFiles } from '../engine/session/planDocument.js';
import type { ActionJob } from './services.js';
import { DEFAULT_SCRIPTS_DIR, NoGraphError, readTrustedFiles } from './trusted.js';

export type Proposal =
  | { valid: true; graphPath: string; graph: CompiledGraph }
  | { valid: false; graphPath: string | undefined; message: string; problems: readonly Problem[] };

/** The checkout's graph, compiled as the trusted one would be; undefined when it has none. */
export async function readProposal(job: ActionJob): Promise<Proposal | undefined> {
  const checkout = new CheckoutTree(targetsRoot(job));
  const scratch = join(job.runner.runnerTemp, 'dog', 'proposed');
  let files: TrustedFiles;
  try {
    files = await readTrustedFiles(
      checkout,
      { graph: job.inputs.graph, config: job.inputs.config },
      async (text, path) => (await proposedConfig(job, scratch, text, path)).scriptsDir,
    );
  } catch (error) {
    if (error instanceof NoGraphError) return undefined;
    return invalid(error, job.inputs.graph);
  }
  try {
    return { valid: true, graphPath: files.graphPath, graph: await compile(job, checkout, files) };
  } catch (error) {
    return invalid(error, files.graphPath);
  }
}

async function compile(
  job: ActionJob,
  checkout: CheckoutTree,
  files: TrustedFiles,
): Promise<CompiledGraph> {
  const scratch = join(job.runner.runnerTemp, 'dog', 'proposed');
  const config = await proposedConfig(job, scratch, files.config, files.configPath);
  const libraryDir = await checkout.directory(config.scriptsDir);
  if (libraryDir === undefined)
    throw new UserError(
      `the script library ${config.scriptsDir} is not a directory inside the repository`,
    );
  const context = await withConfigSource(files.configPath, () =>
    hostContext({
      workspace: targetsRoot(job),
      configPath: config.path,
      configRequired: files.config !== null,
      env: job.env,
      libraryDir,
      adjust: (loaded) => applyInputs(loaded, job),
    }),
  );
  const document = parseStructuredText(files.graph, {
    source: files.graphPath,
    format: formatFromName(files.graphPath),
    maxBytes: context.config.limits.maxGraphBytes,
  });
  return compileGraph(document, {
    source: files.graphPath,
    limits: context.limits,
    host: context.host,
  });
}

/** The proposed configuration, written to a private file for the loader; its problems name it. */
async function proposedConfig(
  job: ActionJob,
  scratch: string,
  text: string | null,
  path: string,
): Promise<{ path: string; scriptsDir: string }> {
  const file = join(scratch, path.endsWith('.json') ? 'config.json' : 'config.yaml');
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
  if (text === null) return { path: file, scriptsDir: DEFAULT_SCRIPTS_DIR };
  await writeFile(file, text);
  const config = await withConfigSource(path, () =>
    loadHostConfig(file, { required: true, env: job.env }),
  );
  return { path: file, scriptsDir: config.scriptsDir };
}

/** Configuration problems name the repository path, not the private copy. */
async function withConfigSource<T>(path: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(path, error.problems);
    throw error;
  }
}

function invalid(error: unknown, graphPath: string | undefined): Proposal {
  if (!(error instanceof UserError)) throw error;
  return { valid: false, graphPath, message: error.message, problems: error.problems };
}

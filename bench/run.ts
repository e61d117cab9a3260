// `npm run bench`: the graph engine, capture and GitHub Action benchmarks, printed as markdown and written to
// docs/benchmarks.md.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { runActionBench } from './action.js';
import { runCaptureBench } from './capture.js';
import { runChainBench } from './chain.js';
import { aimsTable, runDistributedBench } from './distributed.js';
import { runExpressionBench } from './expression.js';
import { benchCopilot, copilotSection } from './copilot.js';
import { benchGateway } from './gateway.js';
import { runGraphBench } from './graph.js';
import { runPrTrustBench } from './prTrust.js';
import { runSandboxBench } from './sandbox.js';
import { markdownTable } from './markdown.js';

type BenchResult = { rows: string[][]; notes: string[] };

const OUTPUT = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

function section(title: string, result: BenchResult): string {
  return `## ${title}\n\n${markdownTable(result.rows)}\n\n${result.notes.map((n) => `- ${n}`).join('\n')}\n`;
}

function machine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() || 'unknown CPU';
  const memory = `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM`;
  return `${model}, ${cpus.length} cores, ${memory}, Node ${process.version}, ${os.type()} ${os.release()} (${os.arch()})`;
}

function gatewaySection(result: Awaited<ReturnType<typeof benchGateway>>): BenchResult {
  const ms = (value: number): string => value.toFixed(3);
  return {
    rows: [
      ['path of one small chat-completion request', 'ms per request'],
      ['direct to the upstream (TCP, keep-alive)', ms(result.directMsPerRequest)],
      ['through the model gateway (Unix socket, keep-alive)', ms(result.gatewayMsPerRequest)],
      ['gateway overhead', ms(result.overheadMs)],
    ],
    notes: [
      `${result.requests} sequential requests each, after warm-up, to a local fake upstream speaking the OpenAI chat-completions format; mean wall time per request. The gateway path includes its checks (route, model, size, rate, budget), the upstream request with the real key, usage metering and redaction.`,
    ],
  };
}

async function main(): Promise<void> {
  const started = new Date();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  // First, while this process is small: spawning a child costs more from a large heap, and the
  // sandbox part measures spawns.
  process.stderr.write('bench: sandbox start-up (full chain vs plain spawn)…\n');
  const sandbox = await runSandboxBench();
  process.stderr.write('bench: model gateway (through the socket vs direct)…\n');
  const gateway = gatewaySection(await benchGateway());
  process.stderr.write('bench: Copilot verification (runtime vs the OpenAI provider)…\n');
  const copilot = copilotSection(await benchCopilot());
  process.stderr.write('bench: graph engine (compile, select, settle)…\n');
  const graph = await runGraphBench();
  process.stderr.write('bench: nested completion expressions (validate time by depth)…\n');
  const expression = runExpressionBench();
  process.stderr.write(
    'bench: the digest chain of a report (seal, check) against JSON.stringify…\n',
  );
  const chain = runChainBench();
  process.stderr.write('bench: capture (DoG captureAll vs sha256sum)…\n');
  const capture = await runCaptureBench();
  process.stderr.write('bench: GitHub Action (bundle, start, matrix job, 1,000 goals)…\n');
  const action = await runActionBench();
  process.stderr.write('bench: the distributed run (plan, verify jobs, aggregate at scale)…\n');
  const distributed = await runDistributedBench();
  process.stderr.write('bench: what the default cache trust costs a pull request…\n');
  const prTrust = await runPrTrustBench();
  const minutes = ((Date.now() - started.getTime()) / 60_000).toFixed(1);

  const markdown = `# Benchmarks

Measured ${started.toISOString().slice(0, 10)} on ${machine()}.
Load average when the run started (1 / 5 / 15 min): ${load}. The whole run took ${minutes} min.

Reproduce with \`npm run bench\` (it runs \`tsx bench/run.ts\` and rewrites this file). Each
part also runs alone: \`npx tsx bench/graph.ts\`, \`npx tsx bench/expression.ts\`, \`npx tsx bench/chain.ts\`, \`npx tsx bench/capture.ts\`,
\`npx tsx bench/action.ts\`, \`npx tsx bench/distributed.ts\`, \`npx tsx bench/prTrust.ts\`, \`npx tsx bench/sandbox.ts\`, \`npx tsx bench/gateway.ts\` (each prints markdown and writes nothing). The Action and
distributed-run parts run the built bundles in \`dist/\` (run \`npm run build\` first after changing \`src/\`), or
the ones \`DOG_ACTION_ENTRY\` and \`DOG_CLI_ENTRY\` name; \`DOG_BENCH_SIZES=1000\` limits the sizes of the distributed run,
\`DOG_BENCH_CPU_PROF=DIR\` makes every step write a V8 CPU profile there.

${section('Graph engine: compile, select, settle', graph)}
${section('Nested completion expressions: validation time by depth', expression)}
${section("The report's digest chain: cost per run", chain)}
${section('Capture: hashing and storing targets', capture)}
${section('GitHub Action', action)}
${section('The distributed run at scale: plan, verify jobs, aggregate', distributed)}
${markdownTable(aimsTable(distributed.aims))}
${section('What the default cache trust costs a pull request', prTrust)}
${section('Verification sandbox: start-up overhead', sandbox)}
${section('Model gateway: overhead per request', gateway)}
${section('Copilot verification: overhead against the OpenAI provider', copilot)}`;

  // Written the way the repository's formatter would write it, so lint stays green.
  const formatted = await format(markdown, {
    ...((await resolveConfig(OUTPUT)) ?? {}),
    parser: 'markdown',
  });
  process.stdout.write(formatted);
  await mkdir(path.dirname(OUTPUT), { recursive: true });
  await writeFile(OUTPUT, formatted);
  process.stderr.write(`bench: wrote ${path.relative(process.cwd(), OUTPUT) || OUTPUT}\n`);
}

await main();

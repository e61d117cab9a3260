// `dog companion doctor | install | settings`: the self-hosted runner host's side of DoG.
import { companionConfigPath, loadCompanionSettings } from '../../config/companion.js';
import { ExitCode, UserError, type ExitCodeValue } from '../../core/errors.js';
import { runDoctor, type DoctorReport } from '../../companion/doctor.js';
import { install, type InstallStep } from '../../companion/install.js';
import { HostSystem } from '../../companion/system.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../io.js';

export async function commandCompanion(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  switch (args.companion) {
    case 'doctor':
      return doctor(args, io);
    case 'install':
      return installHost(args, io);
    default:
      return settings(args, io);
  }
}

async function doctor(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  const report = await runDoctor(await loadCompanionSettings(io.env), io.env);
  if (args.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else io.stderr.write(formatDoctor(report));
  return report.ready ? ExitCode.success : ExitCode.failure;
}

const MARK = { true: '✓', false: '✗' } as const;

export function formatDoctor(report: DoctorReport): string {
  const lines = ['dog companion doctor'];
  lines.push(`  settings:  ${report.settingsSource ?? 'defaults (no settings file)'}`);
  lines.push(`  kernel:    ${report.kernel}; launcher uid ${report.launcherUid}`);
  lines.push(
    `  bubblewrap: ${report.bwrap ? `${report.bwrap.path} ${report.bwrap.version ?? ''}` : 'not found'}`,
  );
  if (report.seccomp)
    lines.push(
      `  seccomp:   ${report.seccomp.arch}, ${report.seccomp.instructions} instructions, ${report.seccomp.deniedSyscalls} syscalls denied, sha256 ${report.seccomp.sha256.slice(0, 16)}…`,
    );
  if (report.checks.length > 0) lines.push('  isolation, seen from inside a sandbox:');
  for (const check of report.checks)
    lines.push(`    ${MARK[`${check.ok}`]} ${check.name}: ${check.detail}`);
  if (report.limits.length > 0) lines.push('  limits per verification:');
  for (const limit of report.limits)
    lines.push(`    ${MARK[`${limit.enforced}`]} ${limit.name}: ${limit.detail}`);
  if (report.store) lines.push(`  host store: ${storeLine(report.store)}`);
  if (report.reason) lines.push(`  problem:   ${report.reason}`);
  lines.push(verdictLine(report));
  return `${lines.join('\n')}\n`;
}

function storeLine(store: NonNullable<DoctorReport['store']>): string {
  const bound = `at most ${store.maxBytes} bytes`;
  if (store.problem) return `${store.path} (${bound}): ${store.problem}`;
  const usage = store.usage ? `${store.usage.entries} entries, ${store.usage.bytes} bytes; ` : '';
  return `${store.path} (${usage}${bound})`;
}

function verdictLine(report: DoctorReport): string {
  if (report.ready && report.isolation === 'none')
    return 'ready WITHOUT isolation: the settings say isolation: none, and reports will say so';
  if (report.ready) return 'ready: every verification runs in a sandbox with the properties above';
  return 'NOT ready: verifications are refused here until the problem above is fixed (sudo dog companion install)';
}

async function installHost(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  const dryRun = args.dryRun ?? false;
  if (!dryRun && process.getuid?.() !== 0)
    throw new UserError(
      'dog companion install changes the machine and must run as root (or add --dry-run to see what it would do)',
    );
  const steps = await install(new HostSystem(), { dryRun });
  io.stderr.write(formatSteps(steps));
  io.stderr.write(NEXT_STEPS);
  if (steps.some((step) => step.status === 'failed')) return ExitCode.failure;
  if (dryRun) return ExitCode.success;
  io.stderr.write('\n');
  return doctor({ ...args, json: false }, io);
}

const NEXT_STEPS = `
Next: give this machine's runner the label "dog" (config.sh --labels dog, or in the runner's
settings on GitHub) and run DoG there with  runs-on: [self-hosted, linux, dog]  (see
examples/workflows/self-hosted.yml). On a self-hosted runner the action reads
/etc/dog/companion.yaml and refuses to verify without the sandbox.
`;

export function formatSteps(steps: readonly InstallStep[]): string {
  const width = Math.max(...steps.map((step) => step.step.length));
  return `${steps.map((step) => `  ${step.status.padEnd(12)} ${step.step.padEnd(width)}  ${step.detail}`).join('\n')}\n`;
}

async function settings(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  const loaded = await loadCompanionSettings(io.env);
  const { path } = companionConfigPath(io.env);
  if (args.json) {
    io.stdout.write(`${JSON.stringify(loaded, null, 2)}\n`);
    return ExitCode.success;
  }
  io.stderr.write(`settings from ${loaded.source ?? `defaults (${path} does not exist)`}\n`);
  io.stdout.write(`${JSON.stringify({ ...loaded, source: undefined }, null, 2)}\n`);
  return ExitCode.success;
}

// The isolation self-check: a constant shell script run inside a real sandbox that reports
// what the program there can see and do, and the comparison with what it must see.
import { readlinkSync } from 'node:fs';

/** Run as `sh -c PROBE_SCRIPT probe <capture path inside>`; prints key=value lines. */
export const PROBE_SCRIPT = [
  'echo "uid=$(id -u)"',
  "grep -E '^(CapEff|CapBnd|NoNewPrivs|Seccomp):' /proc/self/status | tr -d '\\t ' | sed 's/:/=/'",
  'for ns in user mnt pid ipc uts net cgroup; do echo "ns_$ns=$(readlink /proc/self/ns/$ns)"; done',
  "echo \"ifaces=$(tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | tr '\\n' ',')\"",
  "echo \"root=$(ls -A / | tr '\\n' ',')\"",
  'if unshare --user true 2>/dev/null; then echo nested_userns=allowed; else echo nested_userns=refused; fi',
  // A subshell: a failed redirection on a special built-in would end the whole script.
  'if (echo x > "$1") 2>/dev/null; then echo capture_write=allowed; else echo capture_write=refused; fi',
  'echo probe=done',
].join('\n');

const NAMESPACES = ['user', 'mnt', 'pid', 'ipc', 'uts', 'net', 'cgroup'] as const;
// Everything a program may find at the top of the sandbox's file system.
const ALLOWED_ROOT = new Set([
  'usr',
  'bin',
  'sbin',
  'lib',
  'lib32',
  'lib64',
  'libx32',
  'etc',
  'proc',
  'dev',
  'tmp',
  'dog',
]);

export type ProbeCheck = { name: string; ok: boolean; detail: string };

export function parseProbe(stdout: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) values.set(line.slice(0, at), line.slice(at + 1));
  }
  return values;
}

function launcherNamespace(ns: string): string {
  try {
    return readlinkSync(`/proc/self/ns/${ns}`);
  } catch {
    return 'unknown';
  }
}

/** Every isolation property the probe can show, judged; all must hold. */
export function judgeProbe(values: Map<string, string>): ProbeCheck[] {
  const checks: ProbeCheck[] = [];
  const check = (name: string, ok: boolean, detail: string): void => {
    checks.push({ name, ok, detail });
  };
  if (values.get('probe') !== 'done') {
    check('probe', false, 'the probe did not finish inside the sandbox');
    return checks;
  }
  for (const ns of NAMESPACES) {
    const inside = values.get(`ns_${ns}`) ?? 'absent';
    check(`namespace ${ns}`, inside !== launcherNamespace(ns), `inside: ${inside}`);
  }
  check('unprivileged uid inside', values.get('uid') !== '0', `uid ${values.get('uid') ?? '?'}`);
  check(
    'no capabilities',
    /^0+$/.test(values.get('CapEff') ?? '') && /^0+$/.test(values.get('CapBnd') ?? ''),
    `CapEff ${values.get('CapEff') ?? '?'}, CapBnd ${values.get('CapBnd') ?? '?'}`,
  );
  check(
    'no new privileges',
    values.get('NoNewPrivs') === '1',
    `NoNewPrivs ${values.get('NoNewPrivs') ?? '?'}`,
  );
  check(
    'seccomp filter',
    values.get('Seccomp') === '2',
    `Seccomp mode ${values.get('Seccomp') ?? '?'}`,
  );
  const ifaces = (values.get('ifaces') ?? '').split(',').filter(Boolean);
  check(
    'no network but loopback',
    ifaces.every((name) => name === 'lo'),
    `interfaces: ${ifaces.join(' ') || 'none'}`,
  );
  const root = (values.get('root') ?? '').split(',').filter(Boolean);
  const extra = root.filter((name) => !ALLOWED_ROOT.has(name));
  check(
    'minimal file system',
    extra.length === 0,
    extra.length ? `unexpected: /${extra.join(' /')}` : `/${root.join(' /')}`,
  );
  check(
    'no nested user namespaces',
    values.get('nested_userns') === 'refused',
    values.get('nested_userns') ?? '?',
  );
  check(
    'capture read-only',
    values.get('capture_write') === 'refused',
    values.get('capture_write') ?? '?',
  );
  return checks;
}

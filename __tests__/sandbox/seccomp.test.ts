import { existsSync, readFileSync } from 'node:fs';
import {
  MAX_INSTRUCTIONS,
  assemble,
  encodeProgram,
  jumpIfEqual,
  label,
  loadWord,
  returnValue,
} from '../../src/sandbox/seccomp/bpf.js';
import {
  DENIED_IOCTLS,
  DENIED_SOCKET_FAMILIES,
  DENIED_SYSCALLS,
  ERRNO,
  SECCOMP_RET,
  hostSeccompArch,
  seccompProgram,
} from '../../src/sandbox/seccomp/filter.js';
import { evaluate } from '../../src/sandbox/seccomp/interpret.js';
import {
  SYSCALL_TABLES,
  syscallNumber,
  type SeccompArch,
} from '../../src/sandbox/seccomp/syscalls.js';

const ARCHES: SeccompArch[] = ['x86_64', 'aarch64'];
const EPERM = SECCOMP_RET.errno(ERRNO.EPERM);
const X86_64_HEADER = '/usr/include/x86_64-linux-gnu/asm/unistd_64.h';
const GENERIC_HEADER = '/usr/include/asm-generic/unistd.h';

// Written out here, independently of the tables under test.
const COMMON_SYSCALLS: Record<SeccompArch, Record<string, number>> = {
  x86_64: { read: 0, write: 1, mmap: 9, clone: 56, execve: 59, exit_group: 231, openat: 257 },
  aarch64: { openat: 56, read: 63, write: 64, exit_group: 94, clone: 220, execve: 221, mmap: 222 },
};

const REQUIRED_DENIALS = [
  'ptrace', 'process_vm_readv', 'process_vm_writev', 'io_uring_setup', 'io_uring_enter',
  'io_uring_register', 'bpf', 'perf_event_open', 'userfaultfd', 'mount', 'umount2',
  'pivot_root', 'move_mount', 'open_tree', 'fsopen', 'fsconfig', 'fsmount', 'fspick',
  'unshare', 'setns', 'keyctl', 'add_key', 'request_key', 'kexec_load', 'kexec_file_load',
  'init_module', 'finit_module', 'delete_module', 'swapon', 'swapoff', 'reboot', 'acct',
  'quotactl', 'chroot', 'name_to_handle_at', 'open_by_handle_at', 'lookup_dcookie', 'iopl',
  'ioperm', 'kcmp', 'pidfd_getfd', 'mount_setattr', 'fanotify_init', 'syslog', 'vhangup',
  'uselib',
]; // prettier-ignore

function run(arch: SeccompArch, name: string, args: (number | bigint)[] = []): number {
  const nr = syscallNumber(arch, name) ?? COMMON_SYSCALLS[arch][name];
  if (nr === undefined) throw new Error(`test setup: no number for ${name} on ${arch}`);
  return evaluate(seccompProgram(arch), { nr, arch: SYSCALL_TABLES[arch].auditArch, args });
}

/** `#define __NR_<name> <number>` lines, resolving the generic table's `__NR3264_` aliases. */
function parseUnistd(path: string): Map<string, number> {
  const text = readFileSync(path, 'utf8');
  const numbers = new Map<string, number>();
  for (const [, prefix, name, value] of text.matchAll(/^#define __NR(3264)?_(\w+)\s+(\d+)\s*$/gm)) {
    numbers.set(prefix ? `3264_${name}` : name!, Number(value));
  }
  for (const [, name, alias] of text.matchAll(/^#define __NR_(\w+)\s+__NR3264_(\w+)\s*$/gm)) {
    const value = numbers.get(`3264_${alias}`);
    if (value !== undefined) numbers.set(name!, value);
  }
  return numbers;
}

describe('seccomp filter decisions', () => {
  test.each(ARCHES)('%s: every denied syscall that exists there returns EPERM', (arch) => {
    let checked = 0;
    for (const { name } of DENIED_SYSCALLS) {
      if (syscallNumber(arch, name) === undefined) continue;
      expect([name, run(arch, name)]).toEqual([name, EPERM]);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(arch === 'x86_64' ? 47 : 44);
  });

  test('the denial list covers everything the sandbox promises', () => {
    const names = DENIED_SYSCALLS.map((entry) => entry.name);
    for (const name of REQUIRED_DENIALS) expect(names).toContain(name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of DENIED_SYSCALLS) expect(entry.why.length).toBeGreaterThan(10);
    // Deliberately allowed: some programs need them.
    expect(names).not.toContain('personality');
  });

  test('only the x86-only syscalls are missing from the aarch64 table', () => {
    const missing = DENIED_SYSCALLS.map((entry) => entry.name).filter(
      (name) => syscallNumber('aarch64', name) === undefined,
    );
    expect(missing.sort()).toEqual(['ioperm', 'iopl', 'uselib']);
    const x86Missing = DENIED_SYSCALLS.filter((e) => syscallNumber('x86_64', e.name) === undefined);
    expect(x86Missing).toEqual([]);
  });

  test.each(ARCHES)('%s: no two syscalls share a number', (arch) => {
    const numbers = Object.values(SYSCALL_TABLES[arch].numbers);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  test.each(ARCHES)('%s: common syscalls are allowed', (arch) => {
    for (const name of Object.keys(COMMON_SYSCALLS[arch])) {
      expect([name, run(arch, name)]).toEqual([name, SECCOMP_RET.allow]);
    }
  });

  test.each(ARCHES)('%s: socket families', (arch) => {
    const AF_UNIX = 1;
    const AF_INET = 2;
    const AF_INET6 = 10;
    const AF_NETLINK = 16;
    for (const call of ['socket', 'socketpair']) {
      for (const family of [AF_UNIX, AF_INET, AF_INET6, AF_NETLINK]) {
        expect(run(arch, call, [family, 1, 0])).toBe(SECCOMP_RET.allow);
      }
      for (const { family } of DENIED_SOCKET_FAMILIES) {
        expect(run(arch, call, [family, 1, 0])).toBe(SECCOMP_RET.errno(ERRNO.EAFNOSUPPORT));
        // The kernel reads the family as an int, so high bits must not change the verdict.
        const disguised = (1n << 32n) | BigInt(family);
        expect(run(arch, call, [disguised, 1, 0])).toBe(SECCOMP_RET.errno(ERRNO.EAFNOSUPPORT));
      }
    }
    expect(DENIED_SOCKET_FAMILIES.map((f) => f.family).sort()).toEqual([17, 40]);
  });

  test.each(ARCHES)('%s: terminal-injecting ioctls are denied, others allowed', (arch) => {
    const TCGETS = 0x5401;
    const FIONREAD = 0x541b;
    expect(run(arch, 'ioctl', [0, TCGETS, 0])).toBe(SECCOMP_RET.allow);
    expect(run(arch, 'ioctl', [0, FIONREAD, 0])).toBe(SECCOMP_RET.allow);
    expect(DENIED_IOCTLS.map((i) => i.request)).toEqual([0x5412, 0x541c]);
    for (const { request } of DENIED_IOCTLS) {
      expect(run(arch, 'ioctl', [0, request, 0])).toBe(EPERM);
      // The kernel truncates the request to unsigned int.
      expect(run(arch, 'ioctl', [0, (1n << 32n) | BigInt(request), 0])).toBe(EPERM);
    }
  });

  test.each(ARCHES)('%s: clone3 gets ENOSYS so libc falls back to clone', (arch) => {
    expect(run(arch, 'clone3')).toBe(SECCOMP_RET.errno(ERRNO.ENOSYS));
  });

  test.each(ARCHES)('%s: a foreign architecture is killed', (arch) => {
    const AUDIT_ARCH_I386 = 0x40000003;
    const AUDIT_ARCH_ARM = 0x40000028;
    const program = seccompProgram(arch);
    for (const foreign of [AUDIT_ARCH_I386, AUDIT_ARCH_ARM, ...ARCHES.filter((a) => a !== arch)]) {
      const auditArch = typeof foreign === 'string' ? SYSCALL_TABLES[foreign].auditArch : foreign;
      expect(evaluate(program, { nr: 0, arch: auditArch })).toBe(SECCOMP_RET.killProcess);
    }
  });

  test('x86_64: the x32 ABI is denied, even for otherwise allowed syscalls', () => {
    const program = seccompProgram('x86_64');
    const arch = SYSCALL_TABLES.x86_64.auditArch;
    const X32_READ = 0x40000000;
    const X32_WRITE = 0x40000001;
    expect(evaluate(program, { nr: X32_READ, arch })).toBe(EPERM);
    expect(evaluate(program, { nr: X32_WRITE, arch })).toBe(EPERM);
    expect(evaluate(program, { nr: 0x3fffffff, arch })).toBe(SECCOMP_RET.allow);
  });

  test('the host architecture is known here', () => {
    const expected = { x64: 'x86_64', arm64: 'aarch64' }[process.arch as string];
    expect(hostSeccompArch()).toBe(expected);
  });
});

/** A test that needs a header file; skipped, and saying why, where it is not installed. */
function withHeader(path: string, name: string, body: (numbers: Map<string, number>) => void) {
  if (existsSync(path)) {
    test(name, () => body(parseUnistd(path)));
    return;
  }
  test.skip(`${name} [SKIPPED: ${path} absent; apt-get install linux-libc-dev]`, () => undefined);
}

function expectSameNumbers(ours: Readonly<Record<string, number>>, header: Map<string, number>) {
  for (const [name, nr] of Object.entries(ours)) {
    expect([name, nr]).toEqual([name, header.get(name)]);
  }
}

describe('syscall numbers against the kernel headers', () => {
  withHeader(X86_64_HEADER, 'x86_64 table matches asm/unistd_64.h', (header) => {
    expect(header.get('openat')).toBe(257); // the parser itself works
    expectSameNumbers(SYSCALL_TABLES.x86_64.numbers, header);
    expectSameNumbers(COMMON_SYSCALLS.x86_64, header);
  });

  withHeader(GENERIC_HEADER, 'aarch64 table matches asm-generic/unistd.h', (header) => {
    expect(header.get('mmap')).toBe(222); // resolved through __NR3264_mmap
    expectSameNumbers(SYSCALL_TABLES.aarch64.numbers, header);
    expectSameNumbers(COMMON_SYSCALLS.aarch64, header);
    for (const name of ['iopl', 'ioperm', 'uselib']) expect(header.has(name)).toBe(false);
  });
});

describe('BPF assembler', () => {
  test('encodes struct sock_filter little-endian: u16 code, u8 jt, u8 jf, u32 k', () => {
    const items = [loadWord(4), jumpIfEqual(0xc000003e, 1, 2), returnValue(0x7fff0000)];
    const bytes = encodeProgram(assemble([...items, returnValue(0), returnValue(1)]));
    expect(bytes.length).toBe(5 * 8);
    expect(bytes.subarray(0, 24).toString('hex')).toBe(
      '2000' +
        '00' +
        '00' +
        '04000000' +
        '1500' +
        '01' +
        '02' +
        '3e0000c0' +
        '0600' +
        '0000' +
        '0000ff7f',
    );
  });

  test('resolves labels to forward offsets', () => {
    const yes = label('yes');
    const no = label('no');
    const program = assemble([
      jumpIfEqual(7, 'yes', 'no'),
      no,
      returnValue(0),
      yes,
      returnValue(1),
    ]);
    expect(program[0]).toMatchObject({ jt: 1, jf: 0 });
    expect(() => assemble([label('x'), returnValue(0), jumpIfEqual(1, 'x')])).toThrow(/backwards/);
    expect(() => assemble([jumpIfEqual(1, 'nowhere'), returnValue(0)])).toThrow(/not defined/);
  });

  test('refuses a jump farther than 255 instructions', () => {
    const jumpOver = (skipped: number) => {
      const filler = Array.from({ length: skipped }, () => returnValue(0));
      return assemble([jumpIfEqual(1, 0, 'far'), ...filler, label('far'), returnValue(1)]);
    };
    expect(() => encodeProgram(jumpOver(256))).toThrow(/jump offset jf 256/);
    expect(encodeProgram(jumpOver(255)).length).toBe(257 * 8);
    expect(() => encodeProgram([{ code: 0x15, jt: 300, jf: 0, k: 0 }, ...jumpOver(0)])).toThrow(
      /jt 300/,
    );
  });

  test('refuses more than 4096 instructions, and empty or unterminated programs', () => {
    const returns = (n: number) => assemble(Array.from({ length: n }, () => returnValue(0)));
    expect(encodeProgram(returns(MAX_INSTRUCTIONS)).length).toBe(MAX_INSTRUCTIONS * 8);
    expect(() => encodeProgram(returns(MAX_INSTRUCTIONS + 1))).toThrow(/4097 instructions/);
    expect(() => encodeProgram([])).toThrow(/empty/);
    expect(() => encodeProgram(assemble([loadWord(0)]))).toThrow(/end with a return/);
  });

  test('the interpreter refuses unknown opcodes and out-of-range loads', () => {
    const TAX = 0x07;
    const unknown = encodeProgram([
      { code: TAX, jt: 0, jf: 0, k: 0 },
      ...assemble([returnValue(0)]),
    ]);
    expect(() => evaluate(unknown, { nr: 0, arch: 0 })).toThrow(/unknown opcode 0x7/);
    const farLoad = encodeProgram(assemble([loadWord(64), returnValue(0)]));
    expect(() => evaluate(farLoad, { nr: 0, arch: 0 })).toThrow(/offset 64/);
    expect(() => evaluate(Buffer.alloc(12), { nr: 0, arch: 0 })).toThrow(/multiple of 8/);
  });

  test.each(ARCHES)('%s program stays small and well-formed', (arch) => {
    const program = seccompProgram(arch);
    expect(program.length % 8).toBe(0);
    expect(program.length / 8).toBeLessThan(100);
  });
});

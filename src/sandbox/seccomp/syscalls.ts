/** The architectures the seccomp filter is generated for. */
export type SeccompArch = 'x86_64' | 'aarch64';

export type SyscallTable = {
  /** The `AUDIT_ARCH_*` value the kernel puts in `seccomp_data.arch` for this ABI. */
  auditArch: number;
  /** Syscall numbers by name; a syscall this architecture does not have is simply absent. */
  numbers: Readonly<Record<string, number>>;
};

/** From /usr/include/x86_64-linux-gnu/asm/unistd_64.h (checked against it in the tests). */
const X86_64_NUMBERS: Readonly<Record<string, number>> = {
  ioctl: 16,
  socket: 41,
  socketpair: 53,
  ptrace: 101,
  syslog: 103,
  uselib: 134,
  vhangup: 153,
  pivot_root: 155,
  chroot: 161,
  acct: 163,
  mount: 165,
  umount2: 166,
  swapon: 167,
  swapoff: 168,
  reboot: 169,
  iopl: 172,
  ioperm: 173,
  init_module: 175,
  delete_module: 176,
  quotactl: 179,
  lookup_dcookie: 212,
  kexec_load: 246,
  add_key: 248,
  request_key: 249,
  keyctl: 250,
  unshare: 272,
  perf_event_open: 298,
  fanotify_init: 300,
  name_to_handle_at: 303,
  open_by_handle_at: 304,
  setns: 308,
  process_vm_readv: 310,
  process_vm_writev: 311,
  kcmp: 312,
  finit_module: 313,
  kexec_file_load: 320,
  bpf: 321,
  userfaultfd: 323,
  io_uring_setup: 425,
  io_uring_enter: 426,
  io_uring_register: 427,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
  clone3: 435,
  pidfd_getfd: 438,
  mount_setattr: 442,
  quotactl_fd: 443,
};

/**
 * aarch64 uses the generic table, /usr/include/asm-generic/unistd.h. It has no iopl, ioperm
 * or uselib, so those are absent here.
 */
const AARCH64_NUMBERS: Readonly<Record<string, number>> = {
  lookup_dcookie: 18,
  ioctl: 29,
  umount2: 39,
  mount: 40,
  pivot_root: 41,
  chroot: 51,
  vhangup: 58,
  quotactl: 60,
  acct: 89,
  unshare: 97,
  kexec_load: 104,
  init_module: 105,
  delete_module: 106,
  syslog: 116,
  ptrace: 117,
  reboot: 142,
  socket: 198,
  socketpair: 199,
  add_key: 217,
  request_key: 218,
  keyctl: 219,
  swapon: 224,
  swapoff: 225,
  perf_event_open: 241,
  fanotify_init: 262,
  name_to_handle_at: 264,
  open_by_handle_at: 265,
  setns: 268,
  process_vm_readv: 270,
  process_vm_writev: 271,
  kcmp: 272,
  finit_module: 273,
  bpf: 280,
  userfaultfd: 282,
  kexec_file_load: 294,
  io_uring_setup: 425,
  io_uring_enter: 426,
  io_uring_register: 427,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
  clone3: 435,
  pidfd_getfd: 438,
  mount_setattr: 442,
  quotactl_fd: 443,
};

export const SYSCALL_TABLES: Readonly<Record<SeccompArch, SyscallTable>> = {
  x86_64: { auditArch: 0xc000003e, numbers: X86_64_NUMBERS },
  aarch64: { auditArch: 0xc00000b7, numbers: AARCH64_NUMBERS },
};

/** The number of `name` on `arch`, or undefined when that architecture has no such syscall. */
export function syscallNumber(arch: SeccompArch, name: string): number | undefined {
  const numbers = SYSCALL_TABLES[arch].numbers;
  return Object.hasOwn(numbers, name) ? numbers[name] : undefined;
}

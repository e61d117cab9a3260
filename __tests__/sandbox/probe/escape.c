/*
 * escape <check> [args...]: tries one thing a sandboxed program should (usually) not be able
 * to do, prints details, then exactly one final line:
 *   RESULT <check> ok                          the operation succeeded
 *   RESULT <check> denied errno=<n> <strerror>  it failed with that errno
 * Exit status 0 once a RESULT line is printed; 2 on a usage error, or when run as root
 * (ESCAPE_PROBE_AS_ROOT=1 insists). Arguments beyond those a check uses are ignored, so a
 * test may append a marker to find the process later.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/io_uring.h>
#include <linux/keyctl.h>
#include <linux/perf_event.h>
#include <linux/vm_sockets.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#define UFFD_USER_MODE_ONLY_FLAG 1 /* linux/userfaultfd.h, absent from older headers */
#define MIB (1L << 20)

static const char *check_name = "?";
static int argc_all;
static char **argv_all;

static int report(int ok, int err) {
  if (ok)
    printf("RESULT %s ok\n", check_name);
  else
    printf("RESULT %s denied errno=%d %s\n", check_name, err, strerror(err));
  return 0;
}

/* A syscall-style return value: negative means denied, with errno. */
static int report_rc(long rc) { return report(rc >= 0, rc >= 0 ? 0 : errno); }

static const char *arg(int index) {
  if (index >= argc_all) {
    fprintf(stderr, "escape %s: missing argument %d\n", check_name, index - 1);
    exit(2);
  }
  return argv_all[index];
}

/* Several attempts at one check: ok if any succeeded, else the first attempt's errno. */
struct outcome {
  int any_ok;
  int first_err;
};

static void attempt(struct outcome *out, const char *what, long rc, int err) {
  if (rc >= 0) {
    printf("%s: ok\n", what);
    out->any_ok = 1;
    return;
  }
  printf("%s: errno=%d %s\n", what, err, strerror(err));
  if (out->first_err == 0) out->first_err = err;
}

/* Runs fn in a child, so that a success (being traced, a new namespace) stays there. */
static void attempt_in_child(struct outcome *out, const char *what, long (*fn)(long), long arg) {
  pid_t child = fork();
  if (child == 0) _exit(fn(arg) >= 0 ? 0 : errno);
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) < 0) status = EAGAIN << 8;
  int err = WIFEXITED(status) ? WEXITSTATUS(status) : EINTR;
  attempt(out, what, err == 0 ? 0 : -1, err);
}

static long trace_me(long unused) {
  (void)unused;
  return ptrace(PTRACE_TRACEME, 0, NULL, NULL);
}
static long unshare_flags(long flags) { return unshare((int)flags); }

static int check_ptrace(void) {
  struct outcome out = {0, 0};
  attempt_in_child(&out, "PTRACE_TRACEME", trace_me, 0);
  long rc = ptrace(PTRACE_ATTACH, 1, NULL, NULL);
  attempt(&out, "PTRACE_ATTACH 1", rc, errno);
  if (rc == 0) {
    /* Detaching needs the tracee stopped; detaching early would leave pid 1 stopped. */
    waitpid(1, NULL, __WALL);
    ptrace(PTRACE_DETACH, 1, NULL, NULL);
  }
  return report(out.any_ok, out.first_err);
}

static int check_unshare(void) {
  struct outcome out = {0, 0};
  attempt_in_child(&out, "unshare(CLONE_NEWUSER)", unshare_flags, CLONE_NEWUSER);
  attempt_in_child(&out, "unshare(CLONE_NEWNS)", unshare_flags, CLONE_NEWNS);
  return report(out.any_ok, out.first_err);
}

static int check_tiocsti(void) {
  struct outcome out = {0, 0};
  char c = ' ';
  int tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (tty < 0) printf("open /dev/tty: errno=%d %s\n", errno, strerror(errno));
  int fds[4] = {tty, 0, 1, 2};
  for (int i = 0; i < 4 && !out.any_ok; i++) {
    if (fds[i] < 0) continue;
    char what[32];
    snprintf(what, sizeof what, "TIOCSTI fd %d", fds[i]);
    int rc = ioctl(fds[i], TIOCSTI, &c);
    attempt(&out, what, rc, errno);
  }
  return report(out.any_ok, out.first_err);
}

static int check_socket(int family, int type) {
  int fd = socket(family, type, 0);
  if (fd >= 0) close(fd);
  return report_rc(fd);
}

static int check_io_uring(void) {
  struct io_uring_params params = {0};
  return report_rc(syscall(SYS_io_uring_setup, 4, &params));
}

static int check_bpf(void) {
  union bpf_attr attr = {0};
  attr.map_type = BPF_MAP_TYPE_ARRAY;
  attr.key_size = attr.value_size = attr.max_entries = 4;
  return report_rc(syscall(SYS_bpf, BPF_MAP_CREATE, &attr, sizeof attr));
}

static int check_perf_event_open(void) {
  struct perf_event_attr attr = {.type = PERF_TYPE_SOFTWARE, .size = sizeof attr};
  attr.config = PERF_COUNT_SW_TASK_CLOCK;
  attr.disabled = attr.exclude_kernel = attr.exclude_hv = 1;
  return report_rc(syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0));
}

static int check_setns(void) {
  int fd = open("/proc/self/ns/uts", O_RDONLY | O_CLOEXEC);
  printf("ns fd: %d\n", fd);
  return report_rc(setns(fd, 0));
}

static int check_process_vm_readv(void) {
  char source[16] = "probe", target[16] = "";
  struct iovec local = {target, sizeof target}, remote = {source, sizeof source};
  return report_rc(process_vm_readv(getpid(), &local, 1, &remote, 1, 0));
}

static int check_connect(const char *ip, const char *port) {
  struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(port))};
  if (inet_pton(AF_INET, ip, &addr.sin_addr) != 1) {
    fprintf(stderr, "escape connect: bad IPv4 address %s\n", ip);
    exit(2);
  }
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return report_rc(fd);
  int rc = connect(fd, (struct sockaddr *)&addr, sizeof addr);
  int err = errno;
  close(fd);
  return report(rc == 0, err);
}

static int check_write(const char *path) {
  static const char line[] = "escape probe was here\n";
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return report_rc(fd);
  ssize_t n = write(fd, line, sizeof line - 1);
  int err = n < 0 ? errno : EIO;
  close(fd);
  return report(n == (ssize_t)(sizeof line - 1), err);
}

static int check_read(const char *path) {
  char buffer[4096];
  ssize_t n;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return report_rc(fd);
  while ((n = read(fd, buffer, sizeof buffer)) > 0) fwrite(buffer, 1, (size_t)n, stdout);
  int err = errno;
  close(fd);
  if (n == 0) printf("\n");
  return report(n == 0, err);
}

static int check_env(const char *name) {
  const char *value = getenv(name);
  printf("%s\n", value ? value : "unset");
  if (!value) return printf("RESULT %s denied errno=0 unset\n", check_name), 0;
  return report(1, 0);
}

/* Forks pausing children until fork fails, or `max` (when > 0) is reached. */
static int check_fork_bomb(long max) {
  pid_t parent = getpid();
  long count = 0;
  for (; max <= 0 || count < max; count++) {
    pid_t child = fork();
    if (child < 0) {
      int err = errno;
      printf("forked %ld\n", count);
      return report(0, err);
    }
    if (child == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent) _exit(0); /* the parent died before the prctl */
      for (;;) pause();
    }
  }
  printf("forked %ld\n", count);
  return report(1, 0);
}

static int check_memory_hog(long mib) {
  for (long i = 1; i <= mib; i++) {
    char *block = malloc(MIB);
    if (!block) return report(0, errno);
    memset(block, 0xa5, MIB);
    printf("allocated %ld MiB\n", i);
  }
  return report(1, 0);
}

static int check_fill(const char *path, long mib) {
  static char zeros[1 << 16];
  long long written = 0;
  int err = 0;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return report_rc(fd);
  signal(SIGXFSZ, SIG_IGN); /* a file-size limit should show as EFBIG, not kill us */
  while (written < (long long)mib * MIB && err == 0) {
    ssize_t n = write(fd, zeros, sizeof zeros);
    if (n > 0) written += n;
    else err = n < 0 ? errno : EIO;
  }
  close(fd);
  printf("written %lld bytes\n", written);
  return report(err == 0, err);
}

static int check_spawn_orphan(void) {
  int pipefd[2];
  if (pipe(pipefd) != 0) return report_rc(-1);
  pid_t child = fork();
  if (child < 0) return report_rc(-1);
  if (child == 0) {
    setsid();
    pid_t grandchild = fork();
    if (grandchild == 0) {
      /* Let go of the output pipes so the caller sees end-of-file when we exit. */
      int null = open("/dev/null", O_RDWR);
      dup2(null, 0), dup2(null, 1), dup2(null, 2);
      sleep(300);
      _exit(0);
    }
    ssize_t sent = write(pipefd[1], &grandchild, sizeof grandchild);
    _exit(grandchild < 0 || sent != sizeof grandchild ? 1 : 0);
  }
  close(pipefd[1]);
  pid_t orphan = -1;
  ssize_t n = read(pipefd[0], &orphan, sizeof orphan);
  waitpid(child, NULL, 0);
  if (n != sizeof orphan || orphan < 0) return report(0, EAGAIN);
  printf("orphan pid %d\n", (int)orphan);
  return report(1, 0);
}

static void *thread_body(void *arg) { return arg; }

/* glibc's pthread_create tries clone3 first: shows the ENOSYS fallback to clone works. */
static int check_thread(void) {
  pthread_t thread;
  int err = pthread_create(&thread, NULL, thread_body, NULL);
  if (err == 0) err = pthread_join(thread, NULL);
  return report(err == 0, err);
}

static int run_check(const char *check) {
  if (!strcmp(check, "ptrace")) return check_ptrace();
  if (!strcmp(check, "vsock")) return check_socket(AF_VSOCK, SOCK_STREAM);
  if (!strcmp(check, "packet")) return check_socket(AF_PACKET, SOCK_RAW);
  if (!strcmp(check, "io_uring")) return check_io_uring();
  if (!strcmp(check, "bpf")) return check_bpf();
  if (!strcmp(check, "perf_event_open")) return check_perf_event_open();
  if (!strcmp(check, "userfaultfd"))
    return report_rc(syscall(SYS_userfaultfd, O_CLOEXEC | UFFD_USER_MODE_ONLY_FLAG));
  if (!strcmp(check, "unshare")) return check_unshare();
  if (!strcmp(check, "setns")) return check_setns();
  if (!strcmp(check, "mount")) return report_rc(mount("tmpfs", "/tmp", "tmpfs", 0, NULL));
  if (!strcmp(check, "tiocsti")) return check_tiocsti();
  if (!strcmp(check, "keyctl"))
    return report_rc(syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 1));
  if (!strcmp(check, "process_vm_readv")) return check_process_vm_readv();
  if (!strcmp(check, "connect")) return check_connect(arg(2), arg(3));
  if (!strcmp(check, "write")) return check_write(arg(2));
  if (!strcmp(check, "read")) return check_read(arg(2));
  if (!strcmp(check, "env")) return check_env(arg(2));
  if (!strcmp(check, "fork_bomb")) return check_fork_bomb(argc_all > 2 ? atol(argv_all[2]) : 0);
  if (!strcmp(check, "memory_hog")) return check_memory_hog(atol(arg(2)));
  if (!strcmp(check, "fill")) return check_fill(arg(2), atol(arg(3)));
  if (!strcmp(check, "sleep")) return sleep((unsigned)atoi(arg(2))), report(1, 0);
  if (!strcmp(check, "spawn_orphan")) return check_spawn_orphan();
  if (!strcmp(check, "thread")) return check_thread();
  fprintf(stderr, "escape: unknown check %s\n", check);
  return 2;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0); /* line by line even into a pipe: progress survives a kill */
  if (argc < 2) {
    fprintf(stderr, "usage: escape <check> [args...]\n");
    return 2;
  }
  /* As real root these are not probes but real damage (a tmpfs over the host's /tmp). */
  if (getuid() == 0 && !getenv("ESCAPE_PROBE_AS_ROOT")) {
    fprintf(stderr, "escape: refusing to run as root; run it inside the sandbox\n");
    return 2;
  }
  argc_all = argc;
  argv_all = argv;
  check_name = argv[1];
  return run_check(argv[1]);
}

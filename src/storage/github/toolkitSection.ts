// What @actions/cache reads from the process, around one call. The toolkit resolves a
// relative cache path against process.cwd(), archives it relative to GITHUB_WORKSPACE and
// versions the entry by the path string as given; so an entry laid out under a private root
// and named by a fixed relative path is the same entry in a job with another HOME or another
// workspace (self-hosted runners under other users, `container:` jobs). Switching the
// working directory and the variable is process-wide: such a call runs alone, while calls
// that keep the job's own environment may overlap each other.
//
// The toolkit learns the upload rate limit's Retry-After but only logs it ("You've hit a rate
// limit, your rate limit will reset in N seconds", a warning through @actions/core, which
// writes workflow commands to stdout) and returns -1. `watchRateLimit` reads that line while a
// save runs, and turns it into a plain log line: the caller retries and warns once itself.

let exclusiveTail: Promise<unknown> = Promise.resolve();
const overlapping = new Set<Promise<unknown>>();

const settled = (promise: Promise<unknown>): Promise<void> =>
  promise.then(
    () => undefined,
    () => undefined,
  );

/** Runs `call` with cwd and GITHUB_WORKSPACE at `root`, alone; both are restored after. */
export function inRoot<T>(root: string, call: () => Promise<T>): Promise<T> {
  const gate = Promise.all([settled(exclusiveTail), ...[...overlapping].map(settled)]);
  const run = gate.then(async () => {
    const cwd = process.cwd();
    const workspace = process.env.GITHUB_WORKSPACE;
    process.chdir(root);
    process.env.GITHUB_WORKSPACE = root;
    try {
      return await call();
    } finally {
      process.chdir(cwd);
      if (workspace === undefined) delete process.env.GITHUB_WORKSPACE;
      else process.env.GITHUB_WORKSPACE = workspace;
    }
  });
  exclusiveTail = run;
  return run;
}

/** Runs `call` in the job's own environment: never while an `inRoot` call has it switched. */
export function inJobEnv<T>(call: () => Promise<T>): Promise<T> {
  const run = settled(exclusiveTail).then(call);
  overlapping.add(run);
  void settled(run).then(() => overlapping.delete(run));
  return run;
}

const RATE_LIMIT_LINE = /You've hit a rate limit, your rate limit will reset in (\d+) seconds/;
const WORKFLOW_COMMAND = /^::warning[^:]*::/;

export type RateLimitWatch = { retryAfterSeconds(): number | undefined; stop(): void };

/** Watches stdout for the toolkit's rate-limit warning until `stop`. */
export function watchRateLimit(): RateLimitWatch {
  const stdout = process.stdout;
  const original = stdout.write.bind(stdout) as (...args: unknown[]) => boolean;
  // Put back as it was, own property or not (a test may have replaced it).
  const replaced: unknown = Reflect.get(stdout, 'write');
  let seconds: number | undefined;
  const watching = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const match = RATE_LIMIT_LINE.exec(text);
    if (match === null) return original(chunk, ...rest);
    seconds = Number(match[1]);
    return original(`DoG: the cache service said: ${text.replace(WORKFLOW_COMMAND, '')}`, ...rest);
  };
  const installed = watching as typeof stdout.write;
  stdout.write = installed;
  return {
    retryAfterSeconds: () => seconds,
    stop: () => {
      if (stdout.write === installed) Reflect.set(stdout, 'write', replaced);
    },
  };
}

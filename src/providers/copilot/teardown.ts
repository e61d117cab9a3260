// Shutting the Copilot runtime down: its session and process get a bounded time to answer,
// so a runtime that hangs on shutdown cannot hold a verification (or the job) open.

/** How long the runtime's session and process get to shut down before they are left or killed. */
export const TEARDOWN_MS = 5_000;

/** Whether `work` fulfilled within `ms` (a rejection or a timeout is false; neither throws). */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

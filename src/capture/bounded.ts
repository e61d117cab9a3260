/**
 * Runs `fn` over `items` with at most `limit` calls in flight; results keep input order.
 * On failure no new item starts, and the first error is thrown only after every started call
 * has settled, so nothing keeps running behind the caller's back.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(limit), items.length));
  const settled = await Promise.allSettled(Array.from({ length: workers }, worker));
  for (const outcome of settled) {
    if (outcome.status === 'rejected') throw outcome.reason;
  }
  return results;
}

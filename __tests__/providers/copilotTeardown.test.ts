// A runtime shutdown that never answers is given up on after the bound; one that answers or
// fails is reported as such, without throwing.
import { settlesWithin } from '../../src/providers/copilot/teardown.js';

describe('settlesWithin', () => {
  it('is true for work that fulfils in time', async () => {
    await expect(settlesWithin(Promise.resolve('done'), 1_000)).resolves.toBe(true);
  });

  it('is false, without throwing, for work that rejects', async () => {
    await expect(settlesWithin(Promise.reject(new Error('no')), 1_000)).resolves.toBe(false);
  });

  it('gives up on work that never settles once the bound has passed', async () => {
    const started = Date.now();
    await expect(settlesWithin(new Promise(() => undefined), 50)).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});

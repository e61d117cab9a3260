// Matrix jobs for one wave and the job output that carries them.
import {
  keysOfEntry,
  MATRIX_OUTPUT_LIMIT,
  matrixOutput,
  shardWave,
  type Matrix,
} from '../../../src/engine/matrix/shard.js';
import { prng, shuffle } from '../../core/fixtures.js';

const keysNamed = (count: number, prefix = 'goal-'): string[] =>
  Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(5, '0')}`);

const sizes = (jobs: string[][]): number[] => jobs.map((job) => job.length);

describe('shardWave', () => {
  test('1,000 keys make 256 jobs whose sizes differ by at most one', () => {
    const keys = keysNamed(1000);
    const jobs = shardWave(keys);
    expect(jobs).toHaveLength(256);
    expect(Math.max(...sizes(jobs)) - Math.min(...sizes(jobs))).toBeLessThanOrEqual(1);
    expect(sizes(jobs).filter((size) => size === 4)).toHaveLength(1000 - 3 * 256);
    expect(jobs.flat().sort()).toEqual(keys);
    // Dealt round-robin from the sorted keys.
    expect(jobs[0]).toEqual(['goal-00000', 'goal-00256', 'goal-00512', 'goal-00768']);
    expect(jobs[255]).toEqual(['goal-00255', 'goal-00511', 'goal-00767']);
  });

  test('a wave that fits gets one key per job, in key order', () => {
    expect(shardWave(['c', 'a', 'b'])).toEqual([['a'], ['b'], ['c']]);
    expect(shardWave(keysNamed(256))).toHaveLength(256);
    expect(shardWave(keysNamed(257))).toHaveLength(256);
    expect(shardWave([])).toEqual([]);
  });

  test('the same keys in any order give the same jobs', () => {
    const keys = keysNamed(700);
    const expected = shardWave(keys);
    for (const seed of [1, 2, 3]) expect(shardWave(shuffle(keys, prng(seed)))).toEqual(expected);
  });

  test('maxPerJob packs keys into as few jobs as that allows', () => {
    expect(sizes(shardWave(keysNamed(10), { maxPerJob: 4 }))).toEqual([4, 3, 3]);
    expect(sizes(shardWave(keysNamed(8), { maxPerJob: 4 }))).toEqual([4, 4]);
    expect(shardWave(['b', 'a'], { maxPerJob: 5 })).toEqual([['a', 'b']]);
  });

  test('the job limit wins over maxPerJob', () => {
    const jobs = shardWave(keysNamed(1000), { maxPerJob: 2 });
    expect(jobs).toHaveLength(256);
    expect(Math.max(...sizes(jobs))).toBe(4);
  });

  test('maxJobs lowers the number of jobs', () => {
    expect(sizes(shardWave(keysNamed(10), { maxJobs: 3 }))).toEqual([4, 3, 3]);
  });

  test.each([
    [{ maxJobs: 257 }, 'maxJobs must be an integer from 1 to 256'],
    [{ maxJobs: 0 }, 'maxJobs must be an integer from 1 to 256'],
    [{ maxJobs: 2.5 }, 'maxJobs must be an integer from 1 to 256'],
    [{ maxPerJob: 0 }, 'maxPerJob must be a positive integer'],
  ])('rejects %j', (options, message) => {
    expect(() => shardWave(['a'], options)).toThrow(message);
  });

  test('a key listed twice is an error, not silently merged', () => {
    expect(() => shardWave(['a', 'b', 'a'])).toThrow('work key "a" appears twice in a wave');
  });
});

describe('matrixOutput', () => {
  test('inline form: job label, wave, shard and keys', () => {
    expect(matrixOutput([['a', 'c'], ['b']], { wave: 2 })).toBe(
      '{"include":[{"job":"w2-1","wave":2,"shard":1,"keys":["a","c"]},' +
        '{"job":"w2-2","wave":2,"shard":2,"keys":["b"]}]}',
    );
  });

  test('an empty wave is an empty include list', () => {
    expect(matrixOutput([], { wave: 1 })).toBe('{"include":[]}');
  });

  test('20,000 long ids fall back to indices into the plan artifact, under the limit', () => {
    const keys = keysNamed(20_000, `${'component.sub-system.'.repeat(5)}goal-`);
    const jobs = shardWave(keys);
    const inlineBytes = JSON.stringify({ include: jobs.map((job) => ({ keys: job })) }).length;
    expect(inlineBytes).toBeGreaterThan(MATRIX_OUTPUT_LIMIT);
    const output = matrixOutput(jobs, { wave: 3 });
    expect(Buffer.byteLength(output)).toBeLessThanOrEqual(MATRIX_OUTPUT_LIMIT);
    const matrix = JSON.parse(output) as Matrix;
    expect(matrix.include).toHaveLength(256);
    expect(matrix.include[4]).toEqual({ job: 'w3-5', wave: 3, shard: 5 });
    const stored = [{ index: 3, jobs }];
    const resolved = matrix.include.map((entry) => keysOfEntry(entry, stored));
    expect(resolved).toEqual(jobs);
    expect(resolved.flat().sort()).toEqual(keys);
  });

  test('the inline form is kept up to exactly maxBytes', () => {
    const jobs = [['a', 'b'], ['c']];
    const inline = matrixOutput(jobs, { wave: 1 });
    const bytes = Buffer.byteLength(inline);
    expect(matrixOutput(jobs, { wave: 1, maxBytes: bytes })).toBe(inline);
    expect(matrixOutput(jobs, { wave: 1, maxBytes: bytes - 1 })).toBe(
      '{"include":[{"job":"w1-1","wave":1,"shard":1},{"job":"w1-2","wave":1,"shard":2}]}',
    );
  });

  test('the limit counts UTF-8 bytes, not characters', () => {
    const jobs = [['é'.repeat(10)]];
    const inline = matrixOutput(jobs, { wave: 1 });
    expect(matrixOutput(jobs, { wave: 1, maxBytes: inline.length })).not.toContain('keys');
  });

  test('a limit too small even for indices is an error', () => {
    expect(() => matrixOutput([['a'], ['b']], { wave: 1, maxBytes: 40 })).toThrow(
      'the matrix of wave 1 needs',
    );
  });

  test('more jobs than a matrix may hold, or a wave below 1, is an error', () => {
    const jobs = keysNamed(257).map((key) => [key]);
    expect(() => matrixOutput(jobs, { wave: 1 })).toThrow('257 jobs exceed the matrix limit');
    expect(() => matrixOutput([['a']], { wave: 0 })).toThrow('wave must be a positive integer');
  });
});

describe('keysOfEntry', () => {
  test('inline keys are used as they are', () => {
    expect(keysOfEntry({ job: 'w1-1', wave: 1, shard: 1, keys: ['x'] }, [])).toEqual(['x']);
  });

  test('an indexed entry the plan does not hold is an error', () => {
    const stored = [{ index: 1, jobs: [['a']] }];
    expect(() => keysOfEntry({ job: 'w1-2', wave: 1, shard: 2 }, stored)).toThrow(
      'the plan has no job w1-2',
    );
    expect(() => keysOfEntry({ job: 'w2-1', wave: 2, shard: 1 }, stored)).toThrow(
      'the plan has no job w2-1',
    );
  });
});

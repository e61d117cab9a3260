// Artifact names carry the run attempt and parse strictly: a name that starts like ours but
// does not parse is nobody's.
import {
  capturesArtifactName,
  newestAttempts,
  parseArtifactName,
  planArtifactName,
  recordsArtifactName,
  runAttemptOf,
} from '../../../src/action/exchange/artifactNames.js';
import { UserError } from '../../../src/core/errors.js';

test('names are built with the attempt and parse back', () => {
  expect(planArtifactName(2)).toBe('dog-plan-a2');
  expect(recordsArtifactName('w1-3', 2)).toBe('dog-records-w1-3-a2');
  expect(recordsArtifactName('plan', 1)).toBe('dog-records-plan-a1');
  expect(capturesArtifactName('b7', 1)).toBe('dog-captures-b7-a1');
  expect(parseArtifactName('dog-plan-a2')).toEqual({ kind: 'plan', attempt: 2 });
  expect(parseArtifactName('dog-records-w12-30-a3')).toEqual({
    kind: 'records',
    job: 'w12-30',
    attempt: 3,
  });
  expect(parseArtifactName('dog-captures-w1-3-a1')).toEqual({
    kind: 'captures',
    bundle: 'w1-3',
    attempt: 1,
  });
});

test.each([
  'dog-plan',
  'dog-plan-a0',
  'dog-plan-a01',
  'dog-plan-a1x',
  'dog-records-w1-3',
  'dog-records-w0-1-a1',
  'dog-records-w1-3-a1-a2',
  'dog-records-plan2-a1',
  'dog-records-../x-a1',
  'dog-captures--a1',
  'dog-report',
])('%s is no name the exchange writes', (name) => {
  expect(parseArtifactName(name)).toBeUndefined();
});

test('names are refused for what is not a job label, bundle name or attempt', () => {
  expect(() => recordsArtifactName('aggregate', 1)).toThrow(/not a job label/);
  expect(() => capturesArtifactName('../b1', 1)).toThrow(/not a capture bundle name/);
  expect(() => planArtifactName(0)).toThrow(/not a positive integer/);
  expect(runAttemptOf('3')).toBe(3);
  expect(runAttemptOf(undefined)).toBe(1);
  expect(() => runAttemptOf('2; rm -rf /')).toThrow(UserError);
});

test('the newest attempt per job within a range wins', () => {
  const items = [
    { job: 'w1-1', attempt: 1 },
    { job: 'w1-1', attempt: 3 },
    { job: 'w1-1', attempt: 4 },
    { job: 'w1-2', attempt: 1 },
  ];
  const newest = newestAttempts(items, (i) => i.job, { from: 2, to: 3 });
  expect([...newest]).toEqual([['w1-1', { job: 'w1-1', attempt: 3 }]]);
});

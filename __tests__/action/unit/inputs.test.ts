import { parseInputs, readInput } from '../../../src/action/inputs.js';
import { UserError } from '../../../src/core/errors.js';

const env = (inputs: Record<string, string>): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v]));

const message = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as Error).message;
  }
  throw new Error('expected a UserError');
};

describe('parseInputs', () => {
  it('gives the documented defaults when nothing is set', () => {
    const inputs = parseInputs({});
    expect(inputs).toMatchObject({
      command: 'run',
      workspace: '.',
      trustedSource: 'auto',
      maxWaves: 3,
      maxJobs: 256,
      fresh: false,
      checkRun: true,
      checkName: 'DoG',
      model: undefined,
      codeScanning: 'auto',
    });
    expect(inputs.graph).toBeUndefined();
    expect(inputs.concurrency).toBeUndefined();
    expect(inputs.allowPartialRoot).toBeUndefined();
  });

  it('code-scanning is auto or never', () => {
    expect(parseInputs(env({ 'code-scanning': 'never' })).codeScanning).toBe('never');
    expect(message(() => parseInputs(env({ 'code-scanning': 'yes' })))).toBe(
      'input code-scanning: expected one of auto, never, got "yes"',
    );
  });

  it('reads hyphenated names as the runner sets them and trims values', () => {
    const inputs = parseInputs(env({ 'max-waves': ' 5 ', 'check-name': 'quality', fresh: 'true' }));
    expect(inputs.maxWaves).toBe(5);
    expect(inputs.checkName).toBe('quality');
    expect(inputs.fresh).toBe(true);
    expect(readInput({ 'INPUT_MATRIX-ENTRY': ' x ' }, 'matrix-entry')).toBe('x');
  });

  it('rejects an unknown command, naming what is allowed', () => {
    expect(message(() => parseInputs(env({ command: 'deploy' })))).toBe(
      'input command: expected one of run, plan, verify, aggregate, capture, decide, got "deploy"',
    );
  });

  it.each([
    ['fresh', 'yes', 'expected true or false'],
    ['check-run', 'True', 'expected true or false'],
    ['max-waves', '0', 'from 1 to 16'],
    ['max-waves', '2.5', 'from 1 to 16'],
    ['max-jobs', '257', 'from 1 to 256'],
    ['concurrency', 'many', 'from 1 to 256'],
    ['retention-days', '91', 'from 1 to 90'],
    ['head-sha', 'main', 'full commit SHA'],
    ['trusted-source', 'head', 'expected one of auto, workspace'],
  ])('rejects %s=%s', (name, value, expected) => {
    expect(message(() => parseInputs(env({ [name]: value })))).toContain(expected);
  });

  it('requires a matrix entry for verify and parses it', () => {
    expect(message(() => parseInputs(env({ command: 'verify' })))).toContain('toJSON(matrix)');
    const inputs = parseInputs(
      env({ command: 'verify', 'matrix-entry': '{"job":"w1-1","wave":1,"shard":1,"keys":["a"]}' }),
    );
    expect(inputs.matrixEntry).toEqual({ job: 'w1-1', wave: 1, shard: 1, keys: ['a'] });
  });

  it.each([
    ['not json', 'expected JSON'],
    ['{"job":"w1-1","wave":0,"shard":1}', 'from the plan step'],
    ['{"job":"w1-1","wave":1,"shard":1,"extra":true}', 'from the plan step'],
    ['{"job":"w1-1","wave":1,"shard":1,"keys":[1]}', 'from the plan step'],
  ])('rejects the matrix entry %s', (entry, expected) => {
    expect(message(() => parseInputs(env({ command: 'verify', 'matrix-entry': entry })))).toContain(
      expected,
    );
  });

  it('rejects inputs that belong to another command', () => {
    expect(
      message(() =>
        parseInputs(env({ command: 'run', 'matrix-entry': '{"job":"w1-1","wave":1,"shard":1}' })),
      ),
    ).toContain('only used by command verify');
    expect(
      message(() => parseInputs(env({ command: 'aggregate', 'captures-from-run': '12' }))),
    ).toContain('only used by command plan');
  });
});

import { validateAgainst, validateJudgeOutput } from '../../src/schemas/validate.js';

describe('judge output schema', () => {
  test('accepts exactly verdict and evidence', () => {
    expect(validateJudgeOutput({ verdict: 'pass', evidence: { seen: 1 } }).ok).toBe(true);
  });
  test.each([
    [{ verdict: 'pass' }, 'missing required field "evidence"'],
    [{ verdict: 'ok', evidence: 1 }, 'must be one of'],
    [{ verdict: 'pass', evidence: 1, note: 'x' }, 'unknown field "note"'],
  ])('rejects %j', (value, message) => {
    const result = validateJudgeOutput(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.message).join('\n')).toContain(message);
  });
});

describe('config schema', () => {
  test('accepts the documented example shape', () => {
    const config = {
      allowPartialRoot: false,
      concurrency: 4,
      revalidateThreshold: 0.3,
      isolation: 'auto',
      limits: {
        maxNodes: 256,
        maxCaptureBytes: 67108864,
        maxEvidenceBytes: 65536,
        maxExpressionDepth: 64,
        maxExpressionNodes: 512,
      },
      timeouts: { programmaticSeconds: 120, agenticSeconds: 600 },
      budget: {
        run: { tokens: 2000000, costUsd: 5 },
        verification: { turns: 30, tokens: 200000, costUsd: 0.5 },
      },
      providers: {
        local: { kind: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', apiKeyEnv: 'OLLAMA_KEY' },
        claude: { kind: 'anthropic', apiKeyEnv: 'ANTHROPIC_API_KEY' },
        'agent-cli': { kind: 'exec', command: ['my-agent', '--print'], env: {} },
      },
      models: {
        default: {
          provider: 'local',
          model: 'qwen2.5:14b',
          price: { inputPerMTok: 0, outputPerMTok: 0 },
        },
        vision: { provider: 'claude', model: 'claude-sonnet-4-5' },
      },
    };
    const result = validateAgainst('config', config);
    expect(result).toEqual({ ok: true, value: config });
  });
  test('rejects an unknown isolation mode with the allowed values', () => {
    const result = validateAgainst('config', { isolation: 'docker' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.problems[0]).toEqual({
        pointer: '/isolation',
        message: 'must be one of "auto", "bubblewrap", "none"',
      });
  });
  test('an exec provider needs a command and takes no baseUrl', () => {
    const result = validateAgainst('config', {
      providers: { x: { kind: 'exec', baseUrl: 'http://x' } },
    });
    expect(result.ok).toBe(false);
  });
});

describe('every schema', () => {
  test.each(['graph', 'config', 'judgeOutput', 'record', 'report', 'event'] as const)(
    '%s compiles under strict mode and rejects a non-object',
    (name) => {
      expect(validateAgainst(name, 'not an object').ok).toBe(false);
    },
  );
});

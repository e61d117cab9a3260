// The agent harness version is derived from what decides how an agent judges: the prompt,
// the first message, the tool declarations and the verdict rules version — and nothing that
// differs from one verification to the next.
import {
  AGENT_HARNESS_VERSION,
  currentHarness,
  EXEC_HARNESS_VERSION,
  harnessVersion,
  type HarnessParts,
} from '../../src/verify/agentic/harness.js';

describe('agent harness version', () => {
  test('is stable: per-verification values (nonce, digest, instruction, turns) are placeholders', () => {
    expect(harnessVersion(currentHarness())).toBe(AGENT_HARNESS_VERSION);
    expect(AGENT_HARNESS_VERSION).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(currentHarness().system).toContain('<instruction>');
  });

  test('declares every tool the model is offered', () => {
    const names = currentHarness().tools.map((tool) => tool.name);
    expect(names.sort()).toEqual(
      ['file_info', 'list_files', 'read_file', 'search_text', 'submit_verdict'].sort(),
    );
  });

  const changes: [string, (parts: HarnessParts) => void][] = [
    ['a system prompt rule', (p) => void (p.system = p.system.replace('Rules:', 'Rules (v2):'))],
    ['the first message', (p) => void (p.firstMessages[0] = `${p.firstMessages[0]} `)],
    ['the nudge', (p) => void (p.nudge = `${p.nudge}!`)],
    [
      'a tool description',
      (p) => void ((p.tools[0] as { description: string }).description += ' Faster.'),
    ],
    [
      'a tool parameter schema',
      (p) => void ((p.tools[0] as { parameters: Record<string, unknown> }).parameters.x = 1),
    ],
    ['the verdict rules version', (p) => void (p.verdictRules = `${p.verdictRules}.1`)],
  ];
  test.each(changes)('changes with %s', (_what, change) => {
    const parts = currentHarness();
    change(parts);
    expect(harnessVersion(parts)).not.toBe(AGENT_HARNESS_VERSION);
  });

  test('an exec agent has its own version', () => {
    expect(EXEC_HARNESS_VERSION).not.toBe(AGENT_HARNESS_VERSION);
  });
});

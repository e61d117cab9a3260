import { defaultCompanionSettings, type CompanionSettings } from '../../src/config/companion.js';
import type { IsolationMode } from '../../src/config/hostConfig.js';
import {
  effectiveIsolation,
  runnerKindOf,
  type RunnerKind,
} from '../../src/engine/host/isolation.js';

const NO_SETTINGS = defaultCompanionSettings();

function machine(isolation: 'bubblewrap' | 'none'): CompanionSettings {
  return { ...defaultCompanionSettings(), source: '/etc/dog/companion.yaml', isolation };
}

// docs/security.md "Where verifications run" and docs/action.md, as a table: runner, the
// machine's settings (none: no settings file), the repository's `isolation:`, the result.
const TABLE: [RunnerKind, 'bubblewrap' | 'none' | undefined, IsolationMode, IsolationMode][] = [
  ['local', undefined, 'auto', 'auto'],
  ['local', undefined, 'bubblewrap', 'bubblewrap'],
  ['local', undefined, 'none', 'none'],
  ['github-hosted', undefined, 'auto', 'bubblewrap'],
  ['github-hosted', undefined, 'bubblewrap', 'bubblewrap'],
  ['github-hosted', undefined, 'none', 'none'],
  ['self-hosted', undefined, 'auto', 'bubblewrap'],
  ['self-hosted', undefined, 'bubblewrap', 'bubblewrap'],
  ['self-hosted', undefined, 'none', 'bubblewrap'],
  ['self-hosted', 'bubblewrap', 'auto', 'bubblewrap'],
  ['self-hosted', 'bubblewrap', 'none', 'bubblewrap'],
  ['self-hosted', 'none', 'auto', 'none'],
  ['self-hosted', 'none', 'none', 'none'],
  ['self-hosted', 'none', 'bubblewrap', 'bubblewrap'],
  ['local', 'bubblewrap', 'none', 'bubblewrap'],
  ['local', 'none', 'auto', 'none'],
  ['github-hosted', 'bubblewrap', 'none', 'bubblewrap'],
  ['github-hosted', 'none', 'bubblewrap', 'bubblewrap'],
];

describe('which isolation a host uses', () => {
  test.each(TABLE)(
    'on a %s runner with machine settings %s and isolation: %s → %s',
    (runner, settings, configured, expected) => {
      const companion = settings === undefined ? NO_SETTINGS : machine(settings);
      expect(effectiveIsolation({ configured, companion, runner })).toBe(expected);
    },
  );

  test('a runner that does not say it is GitHub-hosted counts as self-hosted', () => {
    expect(runnerKindOf({ RUNNER_ENVIRONMENT: 'github-hosted' })).toBe('github-hosted');
    expect(runnerKindOf({ RUNNER_ENVIRONMENT: 'self-hosted' })).toBe('self-hosted');
    expect(runnerKindOf({})).toBe('self-hosted');
  });
});

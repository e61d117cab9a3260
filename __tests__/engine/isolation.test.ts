import { defaultCompanionSettings, type CompanionSettings } from '../../src/config/companion.js';
import { effectiveIsolation } from '../../src/engine/host/isolation.js';

const NO_SETTINGS = defaultCompanionSettings();

function machine(isolation: 'bubblewrap' | 'none'): CompanionSettings {
  return { ...defaultCompanionSettings(), source: '/etc/dog/companion.yaml', isolation };
}

describe('which isolation a host uses', () => {
  test('a local run follows the repository configuration', () => {
    for (const configured of ['auto', 'bubblewrap', 'none'] as const)
      expect(
        effectiveIsolation({ configured, companion: NO_SETTINGS, selfHostedRunner: false }),
      ).toBe(configured);
  });

  test('a self-hosted runner requires the sandbox unless the repository says none', () => {
    expect(
      effectiveIsolation({ configured: 'auto', companion: NO_SETTINGS, selfHostedRunner: true }),
    ).toBe('bubblewrap');
    expect(
      effectiveIsolation({ configured: 'none', companion: NO_SETTINGS, selfHostedRunner: true }),
    ).toBe('none');
  });

  test('on a machine with settings the stricter choice wins; a repository cannot lower it', () => {
    for (const configured of ['auto', 'bubblewrap', 'none'] as const) {
      for (const selfHostedRunner of [true, false]) {
        const context = { configured, selfHostedRunner };
        expect(effectiveIsolation({ ...context, companion: machine('bubblewrap') })).toBe(
          'bubblewrap',
        );
        expect(effectiveIsolation({ ...context, companion: machine('none') })).toBe(
          configured === 'bubblewrap' ? 'bubblewrap' : 'none',
        );
      }
    }
  });
});

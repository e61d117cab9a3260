// The digest a report's chain binds for the host configuration: the settings in force (file,
// DOG_* variables, flags and inputs applied), without where the file was read from, so the same
// settings give the same digest on every machine.
import type { HostConfig } from '../../config/hostConfig.js';
import { configDigestOf } from '../../core/report/chain.js';
import type { Digest } from '../../core/types.js';

export function hostConfigDigest(config: HostConfig): Digest {
  const { source: _where, ...settings } = config;
  void _where;
  return configDigestOf(settings);
}

import { enforcedLimits } from '../../src/sandbox/enforcement.js';
import { DEFAULT_SANDBOX_LIMITS } from '../../src/sandbox/settings.js';

// A host without cgroup delegation explains each attempt, with its paths: easily longer than
// a report may carry for one limit (300 characters, schemas/report.schema.json).
const LONG_REASON = Array.from(
  { length: 12 },
  (_, i) => `v1 memory: cannot create a cgroup under /sys/fs/cgroup/memory/process_api/${i}`,
).join('; ');

describe('the limits a verification gets', () => {
  test('each says why it is not enforced within what a report can hold', () => {
    const limits = enforcedLimits(
      {
        cgroups: undefined,
        cgroupsUnavailable: LONG_REASON,
        seccompPath: '/run/seccomp.bpf',
        dropPrivileges: false,
      },
      DEFAULT_SANDBOX_LIMITS,
      true,
    );
    for (const limit of limits) expect(limit.detail.length).toBeLessThanOrEqual(300);
    const memory = limits.find((limit) => limit.name === 'memory');
    expect(memory?.enforced).toBe(false);
    expect(memory?.detail).toMatch(/^not enforced: v1 memory: cannot create a cgroup under .*…$/);
    const tmp = limits.find((limit) => limit.name === 'tmp_size');
    expect(tmp?.detail).toBe('/tmp and /dev/shm tmpfs of 64 MiB each');
  });
});

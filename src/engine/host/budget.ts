// The configured budgets (host configuration, schema-checked) as the engine's admission and
// report take them: only the dimensions that add up across jobs.
import type { HostConfig } from '../../config/hostConfig.js';
import type {
  ConfiguredBudget,
  RunBudgetShare,
  VerificationLimits,
} from '../../core/budget/types.js';

function picked<K extends string>(value: unknown, names: readonly K[]): Partial<Record<K, number>> {
  if (typeof value !== 'object' || value === null) return {};
  const out: Partial<Record<K, number>> = {};
  for (const name of names) {
    const limit = (value as Record<string, unknown>)[name];
    if (typeof limit === 'number') out[name] = limit;
  }
  return out;
}

export function configuredBudget(config: HostConfig): ConfiguredBudget {
  const run: RunBudgetShare = picked(config.budget.run, ['tokens', 'costUsd']);
  const verification: VerificationLimits = picked(config.budget.verification, [
    'tokens',
    'inputTokens',
    'outputTokens',
    'costUsd',
  ]);
  return { run, verification };
}

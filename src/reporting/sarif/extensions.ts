// `tool.extensions`: the verifiers behind the results — each script, and each model with the
// votes it casts — so code scanning can filter by them and a person sees what judged.
import type { GoalEntry } from '../github/goals.js';
import { cutText } from './limits.js';
import type { SarifToolComponent } from './types.js';

function extensionOf(entry: GoalEntry): SarifToolComponent | undefined {
  const v = entry.settlement.verifier;
  if (v === undefined) return undefined;
  if (v.mode === 'programmatic')
    return {
      name: cutText(`script ${v.script ?? '(unnamed)'}`, 255),
      properties: { verifier: 'programmatic', script: v.script ?? null },
    };
  return {
    name: cutText(`model ${v.model ?? '(the default model)'}`, 255),
    properties: { verifier: 'agentic', model: v.model ?? null },
  };
}

/** One extension per distinct verifier of the reported goals, in first-seen order. */
export function verifierExtensions(entries: readonly GoalEntry[]): SarifToolComponent[] {
  const byName = new Map<string, SarifToolComponent>();
  for (const entry of entries) {
    const extension = extensionOf(entry);
    if (extension && !byName.has(extension.name)) byName.set(extension.name, extension);
  }
  return [...byName.values()];
}

// The graph rules that ask the host: every programmatic script the graph names must be in the
// host's library and runnable, every model alias defined by host configuration (DESIGN §2).
import type { Problem } from '../errors.js';
import { quoted } from '../echo.js';
import { closest } from '../suggest.js';
import { isRecord, nodePointer, type GraphView } from './view.js';

export type HostCapabilities = {
  /** True when the host script library (built-ins included) has this script. */
  hasScript(name: string): boolean;
  /** Why a library entry of this name exists but cannot run, with the fix (optional). */
  scriptUnusable?(name: string): string | undefined;
  /** True when host configuration defines this model alias. */
  hasModel(alias: string): boolean;
  /** Known names, for "did you mean" hints (optional). */
  scriptNames?(): readonly string[];
  modelAliases?(): readonly string[];
};

function hint(name: string, candidates: readonly string[] | undefined): string {
  const guess = candidates ? closest(name, candidates) : undefined;
  return guess === undefined ? '' : `; did you mean "${guess}"?`;
}

export function ruleVerifierCapabilities(view: GraphView, host: HostCapabilities): Problem[] {
  const problems: Problem[] = [];
  for (const node of view.nodes.values()) {
    const check = (verifier: unknown, pointer: string): void => {
      if (!isRecord(verifier)) return;
      if (
        verifier.mode === 'programmatic' &&
        typeof verifier.script === 'string' &&
        !host.hasScript(verifier.script)
      ) {
        problems.push({
          pointer: `${pointer}/script`,
          subject: node.id,
          message:
            host.scriptUnusable?.(verifier.script) ??
            `script ${quoted(verifier.script)} is neither a built-in nor in the host script library${hint(verifier.script, host.scriptNames?.())}`,
        });
      }
      if (
        verifier.mode === 'agentic' &&
        typeof verifier.model === 'string' &&
        !host.hasModel(verifier.model)
      ) {
        problems.push({
          pointer: `${pointer}/model`,
          subject: node.id,
          message: `model alias ${quoted(verifier.model)} is not defined under models in host configuration${hint(verifier.model, host.modelAliases?.())}`,
        });
      }
    };
    check(node.record.verifier, `${nodePointer(node.id)}/verifier`);
    if (isRecord(node.record.assert))
      check(node.record.assert.verifier, `${nodePointer(node.id)}/assert/verifier`);
  }
  return problems;
}

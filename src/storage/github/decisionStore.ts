// People's decisions as the Action's plan sees them: the graph's newest decisions entry
// (decisionPack.ts), read once, answering the engine's per-goal lookups like the local
// store's records/human/. Only decide runs write decisions; a plan never does.
import { workKey } from '../../core/graph/model.js';
import type { VerificationRecord } from '../../core/types.js';
import type { DecisionStore } from '../types.js';
import type { Decisions } from './decisionPack.js';

export class PackDecisionStore implements DecisionStore {
  private readonly newest = new Map<string, VerificationRecord>();

  /** `loaded.decisions` newest first, as the entry keeps them. */
  constructor(loaded: Pick<Decisions, 'decisions'>) {
    for (const record of loaded.decisions) {
      const key = workKey(record.goalId, record.role);
      if (!this.newest.has(key)) this.newest.set(key, record);
    }
  }

  findDecision(key: string): Promise<unknown> {
    return Promise.resolve(this.newest.get(key));
  }

  saveDecision(key: string): Promise<void> {
    return Promise.reject(
      new Error(`decisions are recorded by the decide command, not by a run (${key})`),
    );
  }
}

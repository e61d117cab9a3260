// What a phase of a distributed run needs from its shell: the graph compiled from the plan
// document's trusted files (so every phase sees the plan's graph, configuration and scripts),
// and an engine host for it. The shell lays the files out and wires the host; the session
// decides everything else.
import type { CompiledGraph } from '../../core/graph/model.js';
import type { EngineDeps, RunOptions } from '../ports.js';
import type { PlanDocument } from './planDocument.js';

export type PhaseHost = {
  graph: CompiledGraph;
  deps: EngineDeps;
  /** The shell's run options; the session binds `runId` to the plan's. */
  options: RunOptions;
};

export type OpenPhase = (document: PlanDocument) => Promise<PhaseHost>;

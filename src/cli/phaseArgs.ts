// The command-line shape of the split phases another CI fans out: `dog plan --exchange DIR
// [--shards N] [--in-plan programmatic|none]`, `dog verify --exchange DIR --shard K`,
// `dog aggregate --exchange DIR`. Only the shape is checked here; the shard against the plan.
import { UserError } from '../core/errors.js';
import { parseInteger } from '../config/scalars.js';
import { quoteInput } from './quoteInput.js';

export type PhaseArgs = {
  /** The exchange directory, as given. */
  exchange: string;
  /** dog plan: at most this many verify jobs per wave (default 1). */
  shards?: number;
  /** dog plan: whether programmatic goals known at plan time are verified by the plan itself. */
  inPlan?: 'programmatic' | 'none';
  /** dog verify: a job label (w1-2) or a 1-based job number, as given. */
  shard?: string;
};

type PhaseValues = { exchange?: string; shards?: string; shard?: string; 'in-plan'?: string };

const PHASES = new Set(['plan', 'verify', 'aggregate']);

export function phaseArgsOf(command: string, values: PhaseValues): { phase?: PhaseArgs } {
  if (!PHASES.has(command)) return {};
  const { exchange, shards, shard } = values;
  if (exchange === undefined || exchange.trim() === '')
    throw new UserError(
      `dog ${command} needs --exchange DIR: the directory the plan, verify and aggregate phases share`,
    );
  if (command === 'verify' && (shard === undefined || shard.trim() === ''))
    throw new UserError(
      'dog verify needs --shard K: a job label from `dog plan --json` (such as w1-2) or a 1-based job number',
    );
  return {
    phase: {
      exchange,
      ...(shards === undefined ? {} : { shards: parseInteger('--shards', shards, 1, 256) }),
      ...(values['in-plan'] === undefined ? {} : { inPlan: parseInPlan(values['in-plan']) }),
      ...(shard === undefined ? {} : { shard: shard.trim() }),
    },
  };
}

function parseInPlan(value: string): 'programmatic' | 'none' {
  if (value === 'programmatic' || value === 'none') return value;
  throw new UserError(`--in-plan: expected programmatic or none, got ${quoteInput(value)}`);
}

export const PHASE_USAGE = `  dog plan --exchange DIR [--shards N] [--in-plan programmatic|none] [--graph G]
           [--workspace W] [--store S] [--config C] [--concurrency N] [--fresh] [--json]
                                      capture, inherit, verify what the plan can, write the
                                      plan and the verify jobs (JSON with --json) to DIR
  dog verify --exchange DIR --shard K [--store S] [--concurrency N] [--json]
                                      one verify job: K is a job label (w1-2) or number
  dog aggregate --exchange DIR [--workspace W] [--store S] [--report FILE] [--html FILE] [--sarif FILE] [--json]
                                      settle, report and keep the records (exits as run)
`;

// ANSI colour for terminal output: on a terminal only, unless NO_COLOR or FORCE_COLOR say
// otherwise (https://no-color.org: NO_COLOR, when set and not empty, always wins).
import type { NodeState, RootState } from '../core/types.js';

export type Paint = (text: string, state: NodeState | RootState) => string;

const CODES: Partial<Record<NodeState | RootState, number>> = {
  success: 32,
  partial_success: 33,
  partial: 33,
  failure: 31,
  blocked: 90,
  needs_human: 35,
  infeasible: 35,
  needs_replan: 35,
  cancelled: 90,
};

/** FORCE_COLOR=0 or false turns colour off, any other value forces it on. */
export function colourEnabled(env: NodeJS.ProcessEnv, isTTY: boolean | undefined): boolean {
  if ((env.NO_COLOR ?? '') !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return isTTY === true;
}

export const noPaint: Paint = (text) => text;

export const ansiPaint: Paint = (text, state) => {
  const code = CODES[state];
  return code === undefined ? text : `\u001b[${code}m${text}\u001b[0m`;
};

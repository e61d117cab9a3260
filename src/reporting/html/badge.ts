import { escapeHtml } from '../escapeHtml.js';

const COLOURS: Record<string, string> = {
  success: '#1a7f37',
  partial: '#9a6700',
  failure: '#cf222e',
  blocked: '#57606a',
  needs_human: '#8250df',
  cancelled: '#57606a',
  pending: '#57606a',
  running: '#0969da',
  invalidated: '#57606a',
  partial_success: '#9a6700',
  infeasible: '#8250df',
  needs_replan: '#8250df',
};

/** A state as a coloured label. */
export function badge(state: string): string {
  return `<span class="badge" style="background:${COLOURS[state] ?? '#57606a'}">${escapeHtml(state)}</span>`;
}

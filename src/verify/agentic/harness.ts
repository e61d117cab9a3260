// The version of the agent harness (DESIGN §1): everything besides the instruction, the votes
// and the model that decides how an agent judges — the system prompt, the first message, the
// tool declarations and the rules that turn its submission into a verdict. It is part of an
// agentic verifier's identity, so a release that changes any of them re-verifies.
import { digestOfJson } from '../../core/digest.js';
import type { Digest, JsonValue } from '../../core/types.js';
import type { ToolSpec } from '../../providers/types.js';
import { makeFence } from './fence.js';
import { captureMessage, NUDGE, systemPrompt } from './prompt.js';
import { toolSpecs } from './tools.js';

/**
 * Bump when a verdict rule changes that no prompt or tool text shows: what submit_verdict
 * accepts, the proof of reading a pass needs, how votes settle, what a tool returns.
 */
export const VERDICT_RULES_VERSION = '1';

/** What the harness version is a digest of. */
export type HarnessParts = {
  system: string;
  firstMessages: string[];
  nudge: string;
  tools: ToolSpec[];
  verdictRules: string;
};

const PLACEHOLDER_DIGEST: Digest = `sha256:${'0'.repeat(64)}`;

/** The harness of this release, with every per-verification value replaced by a placeholder. */
export function currentHarness(): HarnessParts {
  const fence = makeFence('harness');
  const listing = { lines: ['<entries>'], files: 1, bytes: 1, complete: false };
  const firstMessages = (['file', 'directory'] as const).map((captureKind) =>
    JSON.stringify(
      captureMessage({ captureKind, captureDigest: PLACEHOLDER_DIGEST, fence }, listing),
    ),
  );
  return {
    system: systemPrompt({
      instruction: '<instruction>',
      captureDigest: PLACEHOLDER_DIGEST,
      fence,
      maxTurns: 1,
    }),
    firstMessages,
    nudge: NUDGE,
    tools: toolSpecs(),
    verdictRules: VERDICT_RULES_VERSION,
  };
}

export function harnessVersion(parts: HarnessParts): Digest {
  return digestOfJson(parts as unknown as JsonValue);
}

/** The in-process agent loop's harness version, part of every agentic verifier identity. */
export const AGENT_HARNESS_VERSION: Digest = harnessVersion(currentHarness());

/**
 * An exec agent brings its own prompt and tools (its command is part of the identity); what
 * DoG adds is how its judge output becomes a verdict.
 */
export const EXEC_HARNESS_VERSION: Digest = digestOfJson({
  agent: 'exec',
  verdictRules: VERDICT_RULES_VERSION,
});

// Captured content is data, never instructions: whatever the model sees from the capture sits
// between delimiter lines carrying a per-conversation nonce, and any look-alike delimiter inside
// the content is defused so that captured text cannot close the fence early.
import { randomBytes } from 'node:crypto';

const OPEN = '⟦untrusted-data';
const CLOSE = '⟦/untrusted-data';
// A zero-width space after the bracket keeps the text readable but no longer a delimiter.
const DEFUSED_OPEN = '⟦\u200buntrusted-data';
const DEFUSED_CLOSE = '⟦\u200b/untrusted-data';

export type Fence = {
  readonly nonce: string;
  /** The content between an opening and a closing delimiter line, defused inside. */
  wrap(content: string): string;
  /** The two delimiter lines, for the system prompt's description. */
  readonly open: string;
  readonly close: string;
};

export function newNonce(): string {
  return randomBytes(6).toString('hex');
}

/** Replaces anything that could read as one of our delimiters. */
export function defuse(content: string): string {
  return content.replaceAll(CLOSE, DEFUSED_CLOSE).replaceAll(OPEN, DEFUSED_OPEN);
}

export function makeFence(nonce: string = newNonce()): Fence {
  if (!/^[a-z0-9]{4,32}$/.test(nonce)) throw new Error('fence nonce must be 4-32 [a-z0-9]');
  const open = `${OPEN} nonce=${nonce}⟧`;
  const close = `${CLOSE} nonce=${nonce}⟧`;
  return {
    nonce,
    open,
    close,
    wrap(content: string): string {
      const body = defuse(content);
      return `${open}\n${body}${body.endsWith('\n') || body === '' ? '' : '\n'}${close}`;
    },
  };
}

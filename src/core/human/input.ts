// The two things a person types into a decision: who they are and why. Both end up in
// records, reports, comments and check runs, so both are held to a strict shape.
import { quoted } from '../echo.js';
import { UserError } from '../errors.js';

export const MAX_REASON_CHARS = 500;

/** GitHub's login syntax; a local `--by NAME` is held to the same rule. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;

// Control characters, line and paragraph separators, and bidirectional overrides (which
// could make a reason read differently from what it says); the record schema refuses the same.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** A decision's reason: non-empty, one line after trimming, at most 500 characters. */
export function parseReason(text: string): string {
  const reason = text.trim();
  if (reason.length === 0)
    throw new UserError('a decision needs a reason: say in one line why (--reason TEXT)');
  const bad = FORBIDDEN.exec(reason);
  if (bad)
    throw new UserError(
      `the reason must be one line of plain text: it contains the control character U+${codePoint(bad[0])} at character ${bad.index + 1}`,
    );
  const length = [...reason].length;
  if (length > MAX_REASON_CHARS)
    throw new UserError(
      `the reason is ${length} characters long; at most ${MAX_REASON_CHARS} are kept — shorten it`,
    );
  return reason;
}

/** Who decided: a GitHub login (1–39 letters, digits or hyphens, not starting with a hyphen). */
export function parseLogin(text: string): string {
  if (LOGIN.test(text)) return text;
  throw new UserError(
    `${quoted(text)} is not a valid login: use 1 to 39 letters, digits or hyphens, starting with a letter or digit`,
  );
}

function codePoint(character: string): string {
  return (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
}

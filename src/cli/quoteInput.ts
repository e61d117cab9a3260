// Shows text the user gave back to them in one line: control characters escaped, long text cut.
const SHOWN_CHARS = 80;

export function quoteInput(text: string): string {
  const cut = text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
  const escaped = JSON.stringify(cut);
  return text.length > SHOWN_CHARS ? `${escaped} (${text.length} characters)` : escaped;
}

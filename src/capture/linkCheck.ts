/** Link text of the symlink at a tree-relative path, or undefined when that path is not a symlink. */
export type LinkLookup = (rel: string) => string | undefined;

const MAX_HOPS = 40;

function segments(text: string): string[] {
  return text.split('/').filter((part) => part !== '' && part !== '.');
}

/**
 * Checks that the symlink at `linkRel` with text `linkText` resolves inside the tree, following
 * the tree's own symlinks the way the kernel would. A lexical check is not enough: with
 * `s -> .`, the text `s/../x` looks inside but resolves to the tree's parent.
 * Returns why the link escapes, or undefined when it stays inside.
 */
export function linkEscape(
  linkRel: string,
  linkText: string,
  lookup: LinkLookup,
): string | undefined {
  if (linkText.startsWith('/')) return `is absolute (-> ${linkText})`;
  const at = segments(linkRel);
  at.pop();
  const pending = segments(linkText);
  let hops = 0;
  while (pending.length > 0) {
    const part = pending.shift() as string;
    if (part === '..') {
      if (at.length === 0) return `points outside the captured directory (-> ${linkText})`;
      at.pop();
      continue;
    }
    at.push(part);
    const text = lookup(at.join('/'));
    if (text === undefined) continue;
    hops += 1;
    if (hops > MAX_HOPS) return `is part of a symlink loop (-> ${linkText})`;
    if (text.startsWith('/')) return `goes through an absolute symlink ${at.join('/')} -> ${text}`;
    at.pop();
    pending.unshift(...segments(text));
  }
  return undefined;
}

// Where a location in the HTML report points: the file at the head commit on GitHub, or the
// file in the local workspace. Paths come from evidence, so only a plain relative path inside
// the workspace becomes a link; anything else stays text.
import type { EvidenceLocation } from '../../core/types.js';

export type HtmlLinks =
  | { kind: 'github'; serverUrl: string; repository: string; sha: string }
  | { kind: 'local'; workspace: string }
  | { kind: 'none' };

/** `a/b.md` → segments; undefined for absolute, `..`, backslash or control characters. */
function safeSegments(path: string): string[] | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(path) || path.startsWith('/') || /^[A-Za-z]:/.test(path))
    return undefined;
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.length === 0 || segments.includes('..')) return undefined;
  return segments;
}

const encoded = (segments: readonly string[]): string =>
  segments.map((s) => encodeURIComponent(s)).join('/');

/** The address of `location` (its line when it has one), or undefined when it gets none. */
export function locationHref(
  links: HtmlLinks,
  location: Pick<EvidenceLocation, 'path' | 'line'>,
): string | undefined {
  const segments = safeSegments(location.path);
  if (segments === undefined || links.kind === 'none') return undefined;
  if (links.kind === 'github') {
    const line = location.line > 0 ? `#L${location.line}` : '';
    const server = links.serverUrl.replace(/\/+$/, '');
    return `${server}/${links.repository}/blob/${links.sha}/${encoded(segments)}${line}`;
  }
  const root = links.workspace.replace(/\/+$/, '');
  return `file://${encoded(root.split('/'))}/${encoded(segments)}`;
}

/** Whether an address is one `locationHref` can produce for these links (tests, audits). */
export function isLocationHref(links: HtmlLinks, href: string): boolean {
  if (links.kind === 'github')
    return href.startsWith(
      `${links.serverUrl.replace(/\/+$/, '')}/${links.repository}/blob/${links.sha}/`,
    );
  if (links.kind === 'local') return href.startsWith('file:///');
  return false;
}

// Opening a host cache directory: create it on first use, refuse anything that is not a host
// cache of this layout, and refuse a directory other users could tamper with.
import { readdir } from 'node:fs/promises';
import { StoreError } from '../../core/errors.js';
import { readJson } from '../jsonFile.js';
import { commitReplacing, writeTempEntry } from './entryFile.js';
import { HOST_LAYOUT_KIND, HOST_LAYOUT_VERSION, type HostLayout } from './layout.js';
import { ensureTrustedDir, openTrustedRoot } from './trust.js';

/** What a root may already hold before its layout.json exists (another opener got there first). */
const LAYOUT_NAMES = new Set(['layout.json', 'lock', 'tmp', 'index', 'blobs', 'records']);

export async function prepareHostLayout(layout: HostLayout): Promise<void> {
  await openTrustedRoot(layout.root);
  const found = await readJson(layout.layoutFile);
  if (found.kind === 'missing') await refuseForeignContent(layout.root);
  else if (found.kind === 'unparsable' || !isHostLayout(found.value)) {
    // Never overwrite what is there: it may be another version's cache, or not a cache at all.
    const shown = found.kind === 'ok' ? JSON.stringify(found.value) : 'that is not JSON';
    throw new StoreError(
      `${layout.root} has layout ${shown}; this dog uses host cache layout ` +
        `${HOST_LAYOUT_VERSION}. Point the host cache at another directory.`,
    );
  }
  for (const dir of layout.fixedDirs) await ensureTrustedDir(dir);
  if (found.kind === 'missing') {
    const text = `${JSON.stringify({ layout: HOST_LAYOUT_VERSION, kind: HOST_LAYOUT_KIND })}\n`;
    await commitReplacing(await writeTempEntry(layout.tmpDir, text, Date.now()), layout.layoutFile);
  }
}

async function refuseForeignContent(root: string): Promise<void> {
  const foreign = (await readdir(root)).filter((name) => !LAYOUT_NAMES.has(name));
  if (foreign.length === 0) return;
  throw new StoreError(
    `${root} is not empty and is not a host cache (it has no layout.json but holds ` +
      `${foreign.slice(0, 3).join(', ')}); give the host cache a directory of its own.`,
  );
}

function isHostLayout(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const layout = value as { layout?: unknown; kind?: unknown };
  return layout.layout === HOST_LAYOUT_VERSION && layout.kind === HOST_LAYOUT_KIND;
}

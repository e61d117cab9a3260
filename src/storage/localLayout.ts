// The layout marker of a local store (`layout.json`): a directory that holds another version's
// store, or something that is not a store, is refused and never overwritten.
import { join } from 'node:path';
import { StoreError } from '../core/errors.js';
import { readJson } from './jsonFile.js';

export const LAYOUT_VERSION = 1;

/** 'missing' when nothing is there yet; a foreign layout is refused, never overwritten. */
export async function checkLayout(root: string): Promise<'missing' | 'ok'> {
  const path = join(root, 'layout.json');
  const layout = await readJson(path).catch((error: NodeJS.ErrnoException) => {
    throw new StoreError(
      `cannot read ${path} (${error.code ?? String(error)}); use another --store`,
    );
  });
  if (layout.kind === 'missing') return 'missing';
  if (layout.kind === 'unparsable' || !hasLayout(layout.value, LAYOUT_VERSION)) {
    // It may be another version's store, or not a store.
    const found = layout.kind === 'ok' ? JSON.stringify(layout.value) : 'that is not JSON';
    throw new StoreError(
      `${root} has store layout ${found}, this dog reads layout ${LAYOUT_VERSION}; use another --store`,
    );
  }
  return 'ok';
}

function hasLayout(value: unknown, version: number): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { layout?: unknown }).layout === version
  );
}

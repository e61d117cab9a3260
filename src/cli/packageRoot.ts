// Where this dog's own package is on disk (the bundle's dist/.., or the source tree), to point
// at the schemas and example workflows it ships.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION } from './version.js';

/** The published copy of a file of this version's package (tag v<version> on GitHub). */
export const RELEASE_BASE = `https://raw.githubusercontent.com/dog-ci/dog/v${VERSION}`;

/** The directory holding this package's `schemas/`, or undefined if it was not shipped. */
export function ownPackageRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth += 1) {
    if (
      existsSync(join(dir, 'package.json')) &&
      existsSync(join(dir, 'schemas', 'graph.schema.json'))
    )
      return dir;
    dir = dirname(dir);
  }
  return undefined;
}

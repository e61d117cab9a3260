// Where the local store keeps each kind of entry (docs/store.md), as the collector sees it.
import { join } from 'node:path';

export class LocalLayout {
  readonly runsDir: string;
  readonly gmDir: string;
  readonly goalDir: string;
  readonly blobDir: string;
  readonly graphsDir: string;
  readonly logFile: string;
  readonly tmpDir: string;
  readonly lockFile: string;

  constructor(readonly root: string) {
    this.runsDir = join(root, 'runs');
    this.gmDir = join(root, 'records', 'gm');
    this.goalDir = join(root, 'records', 'goal');
    this.blobDir = join(root, 'captures', 'sha256');
    this.graphsDir = join(root, 'graphs');
    this.logFile = join(root, 'log', 'verifications.jsonl');
    this.tmpDir = join(root, 'tmp');
    this.lockFile = join(root, 'lock');
  }

  /** `hex` is a digest's 64 hex digits. */
  blob(hex: string): string {
    return join(this.blobDir, hex.slice(0, 2), hex);
  }
}

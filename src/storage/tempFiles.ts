// Names of the temp files stores write before committing by rename: they carry the writer's
// pid, so leftovers of a writer that died can be recognised and removed.
import { randomUUID } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { isErrnoCode } from '../capture/captureError.js';

export const TEMP_NAME = /^(\d+)\.[0-9a-f-]{36}\.part$/;

export function tempPathIn(tmpDir: string): string {
  return path.join(tmpDir, `${process.pid}.${randomUUID()}.part`);
}

/** Whether something is at `file` (a symlink counts, unfollowed); errors but ENOENT throw. */
export async function pathExists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return false;
    throw error;
  }
}

// Evidence as a verifier wrote it names files the way it saw them: inside the sandbox the
// capture sits at one fixed path. A reader knows the repository, not the sandbox, so the HTML
// report shows those paths relative to the workspace. The evidence itself is not changed.
import { posix } from 'node:path';
import { SANDBOX_CAPTURE_ROOT } from '../../core/captureView.js';

const SANDBOX_PATH = /\/dog\/capture(?=$|[/\s"'`<>|:;,()[\]{}])(?:\/[^\s"'`<>|:;,()[\]{}]*)?/g;

/**
 * `/dog/capture/x` as the workspace path it stands for, for a goal whose target is `target`:
 * the whole workspace (`.`), a directory (the capture root is the directory) or a file (the
 * capture root holds the file under its own name).
 */
export function workspacePathOf(sandboxPath: string, target: string): string {
  const rest = sandboxPath.slice(SANDBOX_CAPTURE_ROOT.length).replace(/^\/+/, '');
  if (target === '.') return rest === '' ? '.' : rest;
  if (rest === '') return target;
  // A file target is mounted under its own name; a directory's entries keep theirs. (The
  // report does not say which a target was: a directory holding an entry of its own name at
  // its top shows that entry as the directory.)
  if (rest === posix.basename(target) && !rest.includes('/')) return target;
  return posix.join(target, rest);
}

/** The text with every sandbox capture path made relative to the workspace. */
export function withWorkspacePaths(text: string, target: string | undefined): string {
  if (target === undefined) return text;
  return text.replace(SANDBOX_PATH, (found) => workspacePathOf(found, target));
}

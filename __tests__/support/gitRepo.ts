// A real git repository in a temp directory, driven with the git CLI, and its commits read back
// as the REST stand-ins' repository model (modes, symlinks and submodules included).
import { execFileSync } from 'node:child_process';
import type { RepoEntry, GitMode } from './actions/repoFiles.js';

export type GitRepo = {
  dir: string;
  git(...args: string[]): string;
  /** Stages `paths` (everything when none) and commits what is staged; returns the commit sha. */
  commit(message: string, ...paths: string[]): string;
  /** Adds a submodule entry (a gitlink) pinning `sha` at `path`, without any submodule. */
  addGitlink(path: string, sha: string): void;
  /** Everything the commit holds, as the stand-ins' per-commit files. */
  entriesOf(commit: string): Record<string, RepoEntry>;
  /** `git ls-tree -r -t --long` of the commit: `mode type sha size path` per line. */
  listing(commit: string): string[];
  /** A fresh `git clone` checked out at the commit (no submodules): what actions/checkout leaves. */
  checkout(commit: string, into: string): void;
};

export function gitRepo(dir: string): GitRepo {
  const git = (...args: string[]): string =>
    execFileSync(
      'git',
      ['-c', 'user.name=Dog Test', '-c', 'user.email=dog@test.invalid', ...args],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
  git('-c', 'init.defaultBranch=main', 'init', '-q');
  return {
    dir,
    git,
    commit: (message, ...paths) => {
      git('add', '-A', '--', ...paths);
      git('commit', '-q', '--allow-empty', '-m', message);
      return git('rev-parse', 'HEAD').trim();
    },
    addGitlink: (path, sha) =>
      void git('update-index', '--add', '--cacheinfo', `160000,${sha},${path}`),
    entriesOf: (commit) => entriesOf(dir, commit),
    listing: (commit) =>
      git('ls-tree', '-r', '-t', '--long', commit)
        .split('\n')
        .filter((line) => line !== ''),
    checkout: (commit, into) => {
      execFileSync('git', ['clone', '-q', '--no-checkout', dir, into]);
      execFileSync('git', ['checkout', '-q', commit], { cwd: into });
    },
  };
}

function entriesOf(dir: string, commit: string): Record<string, RepoEntry> {
  const raw = execFileSync('git', ['ls-tree', '-r', '-z', commit], { cwd: dir });
  const entries: Record<string, RepoEntry> = {};
  for (const record of raw.toString('utf8').split('\0')) {
    if (record === '') continue;
    const [meta = '', path = ''] = record.split('\t');
    const [mode, , sha = ''] = meta.split(' ');
    const content =
      mode === '160000'
        ? sha
        : execFileSync('git', ['cat-file', 'blob', sha], { cwd: dir, maxBuffer: 2 ** 28 });
    entries[path] = { mode: mode as GitMode, content };
  }
  return entries;
}

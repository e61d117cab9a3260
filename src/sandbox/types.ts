import type { IsolationKind } from '../core/types.js';

/** One program to run in isolation. */
export type SandboxSpec = {
  /** argv; argv[0] is an absolute path on the host, visible inside the sandbox. */
  argv: readonly string[];
  /** Host path of the materialized capture (file or directory), mounted read-only. */
  capturePath: string;
  /** Host path of the fresh scratch directory: the only writable place, the working dir. */
  scratchDir: string;
  /** Extra host paths (files or directories) mounted read-only at the same path. */
  readOnlyPaths: readonly string[];
  /** The complete environment; nothing is inherited. Paths refer to the sandbox's view. */
  env: Readonly<Record<string, string>>;
  timeoutMs: number;
  /** Output beyond this many bytes per stream is dropped (and flagged). */
  maxOutputBytes: number;
  signal?: AbortSignal;
};

export type SandboxResult = {
  exitCode: number | null;
  /** Terminating signal name, when killed. */
  signal: string | null;
  timedOut: boolean;
  aborted: boolean;
  stdout: string;
  stderr: string;
  outputTruncated: boolean;
  durationMs: number;
};

/** Where the sandbox puts things, as seen by the program inside it. */
export type SandboxView = {
  /** Path at which the capture appears. */
  capturePath: string;
  /** Path of the scratch directory (HOME and working directory). */
  scratchDir: string;
  /** TMPDIR inside the sandbox. */
  tmpDir: string;
};

export interface Sandbox {
  readonly kind: IsolationKind;
  /** How the program inside sees the capture and scratch for a given spec. */
  view(spec: Pick<SandboxSpec, 'capturePath' | 'scratchDir'>): SandboxView;
  run(spec: SandboxSpec): Promise<SandboxResult>;
}

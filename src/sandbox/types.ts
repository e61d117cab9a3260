import type { CaptureKind } from '../capture/types.js';
import type { IsolationKind } from '../core/types.js';
import type { SlotIdentity } from './slots.js';

/** A host path (`source`) mounted read-only at `dest` inside, as it is (never copied). */
export type ReadOnlyBind = { source: string; dest: string };

/** One program to run in isolation. */
export type SandboxSpec = {
  /** argv; argv[0] is an absolute path on the host, visible inside the sandbox. */
  argv: readonly string[];
  /** Host path of the materialized capture (file or directory), mounted read-only. */
  capturePath: string;
  /** Whether the capture is a file or a directory; looked up on disk when absent. */
  captureKind?: CaptureKind;
  /** Host path of the fresh scratch directory: the only writable place, the working dir. */
  scratchDir: string;
  /** Extra host paths (files or directories) mounted read-only at the same path. */
  readOnlyPaths: readonly string[];
  /** For a directory holding a Unix socket, such as the model gateway's. */
  readOnlyBinds?: readonly ReadOnlyBind[];
  /**
   * Called once the host identity the program will run as is known, before it starts
   * (undefined: this process's own): to hand private host resources, such as the model
   * gateway's socket directory, to that identity only.
   */
  grantAccess?(identity: SlotIdentity | undefined): Promise<void>;
  /**
   * Plain file names in the scratch that the program writes for the caller (the judge file).
   * They are the only writes that reach the host: `<scratchDir>/<name>` after the run.
   */
  outputFiles?: readonly string[];
  /** The complete environment; nothing is inherited. Paths refer to the sandbox's view. */
  env: Readonly<Record<string, string>>;
  timeoutMs: number;
  /** Per stream, only the last this many bytes are kept; earlier output is dropped (and flagged). */
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
  /** Whether stdout in particular lost its beginning (a judge line printed last may be cut). */
  stdoutTruncated?: boolean;
  durationMs: number;
  /** A whole-sandbox limit that was reached while the program ran (it was then stopped). */
  limitHit?: 'memory' | 'processes';
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
  view(spec: Pick<SandboxSpec, 'capturePath' | 'scratchDir' | 'captureKind'>): SandboxView;
  run(spec: SandboxSpec): Promise<SandboxResult>;
  /**
   * Where callers create scratch and capture directories when the sandbox runs programs as
   * other uids (the sandbox makes what lies there reachable to them, and only to them); absent
   * when any place will do.
   */
  workDir?(): Promise<string>;
}

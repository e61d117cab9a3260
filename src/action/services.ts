// What the Action's commands need from the runner and from GitHub, as interfaces. main.ts
// wires the real toolkit clients; every command receives them here and nothing else.
import type { ArtifactPort, CacheListing, CachePort } from '../storage/github/ports.js';
import type { CodeScanningClient } from './codeScanning.js';
import type { ReviewClient } from './comment/client.js';
import type { ContentsClient } from './contentsTree.js';
import type { GitDatabaseClient } from './review/headTree.js';
import type { RunJobsListing } from './runJobs.js';
import type { ActionInputs } from './inputs.js';
import type { RunnerContext } from './runnerContext.js';

/** The runner's logging and step I/O (workflow commands, GITHUB_OUTPUT, the job summary). */
export interface ActionLog {
  /** A plain log line; none of its lines is ever obeyed as a workflow command. */
  info(message: string): void;
  /** Folds the lines that follow, up to `endGroup`, under `title`. */
  group(title: string): void;
  endGroup(): void;
  warning(message: string, file?: string): void;
  notice(message: string, file?: string): void;
  setOutput(name: string, value: string): void;
  appendSummary(markdown: string): Promise<void>;
  /** Registers a credential: masked by the runner, and redacted from every line written here. */
  mask(secret: string): void;
}

/** The check-runs REST endpoints (`octokit.rest.checks`). */
export interface ChecksClient {
  create(
    params: Record<string, unknown>,
  ): Promise<{ data: { id: number; html_url?: string | null } }>;
  update(params: Record<string, unknown>): Promise<unknown>;
}

export type ActionServices = {
  artifacts: ArtifactPort;
  cache: CachePort;
  /** GitHub's REST listing of cache entries with their scopes (needs `actions: read`). */
  cacheListing: CacheListing;
  /** GitHub's REST listing of this run's jobs (needs `actions: read`). */
  runJobs: RunJobsListing;
  contents: ContentsClient;
  /** GitHub's git database (trees and blobs): how decide reads a commit it did not check out. */
  git: GitDatabaseClient;
  checks: ChecksClient;
  /** SARIF uploads to code scanning (needs `security-events: write`). */
  codeScanning: CodeScanningClient;
  /** Pull request comments, permissions, workflow runs: the review loop's REST calls. */
  review: ReviewClient;
  log: ActionLog;
};

/** One step of a job: its inputs, where it runs, and the services it may use. */
export type ActionJob = {
  inputs: ActionInputs;
  runner: RunnerContext;
  env: NodeJS.ProcessEnv;
  services: ActionServices;
  signal: AbortSignal;
  /** Why the step fails, said by the command that knows (the report's root and reasons). */
  failure?: string;
};

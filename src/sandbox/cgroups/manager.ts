/** What one verification may use, enforced by the kernel for it and every process it forks. */
export type CgroupLimits = {
  memoryBytes: number;
  pids: number;
};

export type CgroupStats = {
  /**
   * The memory limit stopped the program: the kernel could not stay under it by reclaiming and
   * went out of memory (it OOM-kills a process in the group then).
   */
  memoryLimitHit: boolean;
  /** Usage touched the limit at least once (reclaim, maybe only of page cache); weaker than hit. */
  memoryLimitReached: boolean;
  /** A fork or clone failed because the group was at its process limit. */
  pidsLimitHit: boolean;
  /** Highest memory use seen, when the kernel reports it. */
  peakMemoryBytes?: number;
};

export type CgroupControllers = { memory: boolean; pids: boolean };

/** One per-verification cgroup (v1: one directory per hierarchy; v2: one directory). */
export interface CgroupHandle {
  /** cgroup.procs files a launcher writes its own pid into before exec. */
  readonly procsFiles: readonly string[];
  readonly paths: readonly string[];
  stats(): Promise<CgroupStats>;
  /** SIGKILLs every process in it until empty; rejects naming the pids that stayed. */
  killAll(): Promise<void>;
  /** killAll, then removes the directories (retrying EBUSY briefly). */
  remove(): Promise<void>;
}

/** The cgroup parent(s) of one launcher process; per-verification children live under it. */
export interface CgroupManager {
  readonly version: 'v1' | 'v2';
  readonly enforces: CgroupControllers;
  /** Why a limit is not enforceable, per limit that is not. */
  readonly unenforcedReasons: Readonly<Partial<Record<keyof CgroupControllers, string>>>;
  /** What detection did or rejected on the way (e.g. why v2 was not used). */
  readonly notes: readonly string[];
  /** The directories this manager created; a cleanup guard should track them. */
  readonly parentPaths: readonly string[];
  create(limits: CgroupLimits): Promise<CgroupHandle>;
  /** Kills and removes every child, then the parents. */
  dispose(): Promise<void>;
}

export type CgroupSupport = { ok: true; manager: CgroupManager } | { ok: false; reason: string };

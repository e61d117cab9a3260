// The on-disk store of the local front: `.dog/store/` (layout in docs/store.md).
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { removeMaterialized } from '../capture/materialize.js';
import { digestHex } from '../core/digest.js';
import { StoreError } from '../core/errors.js';
import { goalOfWorkKey } from '../core/graph/model.js';
import { acceptRecord, type RecordExpectation } from '../core/records/accept.js';
import type { RunReport } from '../core/report/model.js';
import type { Digest, JsonValue, VerificationRecord } from '../core/types.js';
import { validateAgainst } from '../schemas/validate.js';
import { appendLine, writeFileAtomic } from './atomic.js';
import { FsBlobStore } from './blobStore.js';
import { readJson, readJsonFile } from './jsonFile.js';
import { checkLayout, LAYOUT_VERSION } from './localLayout.js';
import type { RunMeta, RuntimeEvent, Store } from './types.js';

const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const WORK_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(#assert)?$/;

/** Whether `value` can name a run (schemas/report.schema.json#/$defs/runId): a safe file name. */
export function isRunId(value: string): boolean {
  return RUN_ID.test(value);
}

export class LocalStore implements Store {
  private readonly blobs: FsBlobStore;
  private readonly warnings: string[] = [];
  private written = 0;

  private constructor(readonly root: string) {
    this.blobs = new FsBlobStore(root);
  }

  /** Opens (creating if needed) a store directory and checks its layout version. */
  static async open(root: string): Promise<LocalStore> {
    const layoutPath = join(root, 'layout.json');
    if ((await checkLayout(root)) === 'missing') {
      await mkdir(root, { recursive: true });
      await writeFileAtomic(layoutPath, `${JSON.stringify({ layout: LAYOUT_VERSION })}\n`);
    }
    await mkdir(join(root, 'tmp'), { recursive: true });
    return new LocalStore(root);
  }

  /** Opens an existing store to read it, creating nothing; a directory that is not one is refused. */
  static async openExisting(root: string): Promise<LocalStore> {
    if ((await checkLayout(root)) === 'missing')
      throw new StoreError(`no store at ${root}: nothing has run here yet (run "dog run" first)`);
    return new LocalStore(root);
  }

  tempPath(): string {
    return this.blobs.tempPath();
  }

  async commitBlob(tempPath: string, digest: Digest): Promise<void> {
    // Counted whether or not the blob was there already: the count is an upper bound.
    this.written += await stat(tempPath).then(
      (stats) => stats.size,
      () => 0,
    );
    return this.blobs.commitBlob(tempPath, digest);
  }

  /** Bytes this store object has written: an upper bound (a replaced file counts in full). */
  get bytesWritten(): number {
    return this.written;
  }

  blobPath(digest: Digest): Promise<string | undefined> {
    return this.blobs.blobPath(digest);
  }

  async workDir(runId: string): Promise<string> {
    const dir = join(this.root, 'tmp', 'work', runId);
    await mkdir(dir, { recursive: true });
    return dir;
  }

  async findByGm(gmDigest: Digest): Promise<VerificationRecord | undefined> {
    return this.readRecord(join(this.root, 'records', 'gm', `${digestHex(gmDigest)}.json`), {
      gmDigest,
      inheritable: true,
    });
  }

  newestForKey(key: string): Promise<VerificationRecord | undefined> {
    return this.readRecord(this.goalIndexPath(key), { goal: goalOfWorkKey(key) });
  }

  /** Appends to the verification log, then updates the indexes (pass/fail only by GM). */
  async saveRecord(key: string, record: VerificationRecord): Promise<void> {
    assertValid('record', record);
    const line = JSON.stringify(record);
    await this.append(join(this.root, 'log', 'verifications.jsonl'), line);
    if (record.verdict !== 'inconclusive') {
      await this.write(
        join(this.root, 'records', 'gm', `${digestHex(record.gmDigest)}.json`),
        line,
      );
    }
    await this.write(this.goalIndexPath(key), line);
  }

  /** The newest decision for a work key, unchecked (`records/human/<key>.json`). */
  async findDecision(key: string): Promise<unknown> {
    const path = this.decisionPath(key);
    const read = await readJson(path);
    if (read.kind === 'ok') return read.value;
    if (read.kind === 'unparsable')
      this.warnings.push(`ignored a stored decision that is not valid JSON: ${path}`);
    return undefined;
  }

  /** Appends to the decision log, then replaces the goal's newest decision. */
  async saveDecision(key: string, record: VerificationRecord): Promise<void> {
    assertValid('record', record);
    if (!record.decidedBy) throw new Error('refusing to store a verification as a decision');
    const line = JSON.stringify(record);
    await this.append(join(this.root, 'log', 'decisions.jsonl'), line);
    await this.write(this.decisionPath(key), line);
  }

  async saveGraph(digest: Digest, canonical: JsonValue): Promise<void> {
    await this.write(
      join(this.root, 'graphs', `${digestHex(digest)}.json`),
      JSON.stringify(canonical),
    );
  }

  async beginRun(meta: RunMeta): Promise<void> {
    await this.writeMeta(meta);
    await this.write(join(this.root, 'runs', 'latest'), meta.runId);
  }

  /** Runtime events are diagnostics: a failed write becomes a warning, never a verdict. */
  async appendEvent(event: RuntimeEvent): Promise<void> {
    try {
      assertValid('event', event);
      await this.append(
        join(this.runDir(event.runId), 'events', `${event.goalId}.jsonl`),
        JSON.stringify(event),
      );
    } catch (error) {
      if (this.warnings.length < 20) {
        this.warnings.push(
          `runtime event for ${event.goalId} not written: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  drainWarnings(): string[] {
    return this.warnings.splice(0);
  }

  async finishRun(runId: string, report: RunReport): Promise<void> {
    assertValid('report', report);
    await this.write(
      join(this.runDir(runId), 'report.json'),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    const meta = await this.readMeta(runId);
    if (meta) {
      await this.writeMeta({
        ...meta,
        status: 'finished',
        finishedAt: report.finishedAt ?? new Date().toISOString(),
        rootState: report.rootState,
      });
    }
    // Materialized captures are read-only: only root could delete them as they are.
    await removeMaterialized(join(this.root, 'tmp', 'work', runId));
  }

  /** Where `finishRun` writes a run's report. */
  reportPath(runId: string): string {
    return join(this.runDir(runId), 'report.json');
  }

  async readReport(runId?: string): Promise<RunReport | undefined> {
    const id = runId ?? (await this.latestFinishedRun());
    if (id === undefined || !isRunId(id)) return undefined;
    const path = join(this.runDir(id), 'report.json');
    let value;
    try {
      value = await readJsonFile(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new StoreError(`cannot read ${path} (${code}); the store is damaged — remove that run`);
    }
    if (value === undefined) return undefined;
    const result = validateAgainst<RunReport>('report', value);
    if (!result.ok)
      throw new StoreError(
        `report of run ${id} in ${this.root} does not match its schema: ${result.problems[0]?.message ?? ''}`,
      );
    return result.value;
  }

  async listRuns(): Promise<RunMeta[]> {
    let entries: string[];
    try {
      entries = await readdir(join(this.root, 'runs'));
    } catch {
      return [];
    }
    const metas = await Promise.all(
      entries.filter((e) => e !== 'latest').map((id) => this.readMeta(id)),
    );
    return metas
      .filter((m): m is RunMeta => m !== undefined)
      .sort((a, b) => a.runId.localeCompare(b.runId));
  }

  /**
   * After a killed run: mark runs whose process is gone as interrupted, drop their
   * scratch, and delete temp files. Records and blobs are atomic, so nothing else is torn.
   */
  async recover(isAlive: (pid: number) => boolean): Promise<string[]> {
    const recovered: string[] = [];
    for (const meta of await this.listRuns()) {
      if (meta.status !== 'running' || isAlive(meta.pid)) continue;
      await this.writeMeta({ ...meta, status: 'interrupted' });
      recovered.push(meta.runId);
    }
    await removeMaterialized(join(this.root, 'tmp'));
    await mkdir(join(this.root, 'tmp'), { recursive: true });
    return recovered;
  }

  /** The run that finished last; run ids from the same second do not sort by time. */
  private async latestFinishedRun(): Promise<string | undefined> {
    const finished = (await this.listRuns()).filter((m) => m.status === 'finished');
    const time = (m: RunMeta): number => Date.parse(m.finishedAt ?? m.startedAt) || 0;
    finished.sort((a, b) => time(a) - time(b) || a.runId.localeCompare(b.runId));
    return finished[finished.length - 1]?.runId;
  }

  private runDir(runId: string): string {
    return join(this.root, 'runs', runId);
  }

  private decisionPath(key: string): string {
    if (!WORK_KEY.test(key)) throw new Error(`not a work key: ${JSON.stringify(key)}`);
    return join(this.root, 'records', 'human', `${key}.json`);
  }

  private goalIndexPath(key: string): string {
    return join(this.root, 'records', 'goal', `${key}.json`);
  }

  /** A run.json that is not a run's metadata (torn or hand-edited) is skipped. */
  async readMeta(runId: string): Promise<RunMeta | undefined> {
    if (!isRunId(runId)) return undefined;
    const value = await readJsonFile(join(this.runDir(runId), 'run.json')).catch(() => undefined);
    return isRunMeta(value) ? value : undefined;
  }

  private writeMeta(meta: RunMeta): Promise<void> {
    return this.write(
      join(this.runDir(meta.runId), 'run.json'),
      `${JSON.stringify(meta, null, 2)}\n`,
    );
  }

  private write(path: string, data: string): Promise<void> {
    this.written += Buffer.byteLength(data);
    return writeFileAtomic(path, data);
  }

  private append(path: string, line: string): Promise<void> {
    this.written += Buffer.byteLength(line) + 1;
    return appendLine(path, line);
  }

  /** A record is used only if core's record check accepts it; anything else is ignored. */
  private async readRecord(
    path: string,
    expected: RecordExpectation,
  ): Promise<VerificationRecord | undefined> {
    const read = await readJson(path);
    if (read.kind === 'missing') return undefined;
    if (read.kind === 'unparsable') {
      this.warnings.push(`ignored a stored record that is not valid JSON: ${path}`);
      return undefined;
    }
    const accepted = acceptRecord(read.value, expected);
    if (accepted.ok) return accepted.record;
    this.warnings.push(`ignored a stored record (${accepted.reason}): ${path}`);
    return undefined;
  }
}

function isRunMeta(value: unknown): value is RunMeta {
  if (typeof value !== 'object' || value === null) return false;
  const meta = value as Partial<Record<keyof RunMeta, unknown>>;
  return (
    typeof meta.runId === 'string' &&
    typeof meta.startedAt === 'string' &&
    typeof meta.pid === 'number' &&
    (meta.status === 'running' || meta.status === 'finished' || meta.status === 'interrupted')
  );
}

function assertValid(schema: 'record' | 'event' | 'report', value: unknown): void {
  const result = validateAgainst(schema, value);
  if (!result.ok) {
    const detail = result.problems.map((p) => `${p.pointer || '/'} ${p.message}`).join('; ');
    throw new Error(`refusing to write a ${schema} that does not match its schema: ${detail}`);
  }
}

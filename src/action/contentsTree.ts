// A commit of the repository read through the REST contents API — how `plan` reads the
// pull request's base commit without checking it out or running anything from the head.
import { UserError } from '../core/errors.js';
import type { TreeReader } from './trusted.js';

/** The part of Octokit this needs (`octokit.rest.repos`), so tests can count calls. */
export type ContentsClient = {
  getContent(params: {
    owner: string;
    repo: string;
    path: string;
    ref: string;
  }): Promise<{ data: unknown }>;
};

type ContentEntry = { type?: unknown; name?: unknown; encoding?: unknown; content?: unknown };

export class ContentsApiTree implements TreeReader {
  readonly description: string;

  constructor(
    private readonly client: ContentsClient,
    private readonly repo: { owner: string; repo: string },
    private readonly ref: string,
    /** The repository path the tree's paths are relative to ('' for the root). */
    private readonly prefix = '',
  ) {
    this.description = `base commit ${ref.slice(0, 12)} (read through the contents API)`;
  }

  async read(path: string): Promise<Buffer | undefined> {
    const data = await this.get(path);
    if (data === undefined || Array.isArray(data)) return undefined;
    const entry = data as ContentEntry;
    if (entry.type !== 'file') return undefined;
    if (entry.encoding !== 'base64' || typeof entry.content !== 'string')
      throw new UserError(
        `${path} at ${this.ref.slice(0, 12)} is too large for the contents API (over 1 MB)`,
      );
    return Buffer.from(entry.content, 'base64');
  }

  async listFiles(dir: string): Promise<string[] | undefined> {
    const data = await this.get(dir);
    if (!Array.isArray(data)) return undefined;
    return (data as ContentEntry[])
      .filter((e) => e.type === 'file' && typeof e.name === 'string')
      .map((e) => e.name as string);
  }

  private async get(path: string): Promise<unknown> {
    try {
      const full = this.prefix ? `${this.prefix}/${path}` : path;
      const response = await this.client.getContent({ ...this.repo, path: full, ref: this.ref });
      return response.data;
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status === 404) return undefined;
      const detail = error instanceof Error ? error.message : String(error);
      throw new UserError(
        `cannot read ${path} at ${this.ref.slice(0, 12)} through the contents API (${typeof status === 'number' ? `HTTP ${status}` : 'no status'}): ${detail}; the job needs permissions: contents: read`,
      );
    }
  }
}

// The few things `dog companion install` does to a machine, behind one interface so that what
// it would change can be shown (--dry-run) and tested against a directory standing in for "/".
import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export type CommandResult = { code: number; stdout: string; stderr: string };

export interface SystemOps {
  readText(path: string): Promise<string | undefined>;
  exists(path: string): Promise<boolean>;
  writeText(path: string, text: string, mode: number): Promise<void>;
  makeDir(path: string, mode: number): Promise<void>;
  /** argv only, never a shell; a missing program is exit code 127. */
  run(argv: readonly string[]): Promise<CommandResult>;
}

/** The real machine, with every path taken below `prefix` (default "/"). */
export class HostSystem implements SystemOps {
  constructor(private readonly prefix = '/') {}

  private at(path: string): string {
    return join(this.prefix, path);
  }

  async readText(path: string): Promise<string | undefined> {
    try {
      return await readFile(this.at(path), 'utf8');
    } catch {
      return undefined;
    }
  }

  async exists(path: string): Promise<boolean> {
    return stat(this.at(path)).then(
      () => true,
      () => false,
    );
  }

  async writeText(path: string, text: string, mode: number): Promise<void> {
    await mkdir(dirname(this.at(path)), { recursive: true, mode: 0o755 });
    await writeFile(this.at(path), text, { mode });
    await chmod(this.at(path), mode);
  }

  async makeDir(path: string, mode: number): Promise<void> {
    await mkdir(this.at(path), { recursive: true, mode });
    await chmod(this.at(path), mode);
  }

  run(argv: readonly string[]): Promise<CommandResult> {
    const [command, ...args] = argv;
    if (command === undefined) return Promise.reject(new Error('empty argv'));
    return new Promise((resolve) => {
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', (error) => resolve({ code: 127, stdout, stderr: error.message }));
      child.once('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    });
  }
}

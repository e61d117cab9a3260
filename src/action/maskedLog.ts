// The job log with credentials masked twice over: each known credential is registered with
// the runner (`::add-mask::`, which hides the whole value wherever any step prints it), and
// every line DoG itself writes — messages, annotations, outputs, the job summary — is first
// redacted of those credentials and of every 12-character fragment of them, which the
// runner's masking does not catch. Fragments are not registered as masks: a long token would
// need hundreds of them.
import * as core from '@actions/core';
import { secretRedactor, type Redactor } from '../core/redact.js';
import type { ActionLog } from './services.js';

export class MaskedLog implements ActionLog {
  private readonly known = new Set<string>();
  private redactor: Redactor = secretRedactor([]);

  constructor(secrets: readonly (string | undefined)[]) {
    for (const secret of secrets) if (secret) this.mask(secret);
  }

  mask(secret: string): void {
    if (secret === '' || this.known.has(secret)) return;
    this.known.add(secret);
    core.setSecret(secret);
    this.redactor = secretRedactor(this.known);
  }

  /** `text` as it may appear in the log. */
  redact(text: string): string {
    return this.redactor.text(text);
  }

  info(message: string): void {
    core.info(this.redact(message));
  }

  warning(message: string, file?: string): void {
    core.warning(this.redact(message), file ? { file } : {});
  }

  notice(message: string, file?: string): void {
    core.notice(this.redact(message), file ? { file } : {});
  }

  setOutput(name: string, value: string): void {
    core.setOutput(name, this.redact(value));
  }

  setFailed(message: string): void {
    core.setFailed(this.redact(message));
  }

  async appendSummary(markdown: string): Promise<void> {
    await core.summary.addRaw(this.redact(markdown)).write();
  }
}

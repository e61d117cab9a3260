// The job log with credentials masked twice over: each known credential is registered with
// the runner (`::add-mask::`, which hides the whole value wherever any step prints it), and
// every line DoG itself writes — messages, annotations, outputs, the job summary — is first
// redacted of those credentials and of every 12-character fragment of them, which the
// runner's masking does not catch. Fragments are not registered as masks: a long token would
// need hundreds of them.
//
// It is also the one place where text reaches the log as plain lines (`info`): much of that
// text comes from verifiers (a crash's stderr, evidence, file names, model answers), so no
// line of it may be a workflow command the runner obeys (core/workflowCommands.ts). Every
// other output is a command @actions/core writes with its data escaped (annotations, groups)
// or a file (outputs, the job summary).
import * as core from '@actions/core';
import { secretRedactor, type Redactor } from '../core/redact.js';
import { neutraliseCommands } from '../core/workflowCommands.js';
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
    core.info(neutraliseCommands(this.redact(message)));
  }

  group(title: string): void {
    core.startGroup(this.redact(title));
  }

  endGroup(): void {
    core.endGroup();
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

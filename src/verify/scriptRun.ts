import type { ErrorCategory, JsonValue, Verdict } from '../core/types.js';
import type { SandboxResult } from '../sandbox/types.js';
import { checkJudgeText, lastNonEmptyLine, readJudgeFile } from './judgeOutput.js';

/** What a verification settles to, before usage and isolation are attached. */
export type Judged = {
  verdict: Verdict;
  evidence: JsonValue;
  error?: { category: ErrorCategory; message: string };
};

export type ScriptRunContext = {
  scriptName: string;
  /** Host path of the judge file (DOG_OUTPUT as seen from outside). */
  judgeFilePath: string;
  /** Largest judge output read, from the file or the stdout line. */
  judgeBytes: number;
  maxEvidenceBytes: number;
  timeoutMs: number;
};

const STDERR_TAIL_CHARS = 2000;

export function fault(category: ErrorCategory, message: string): Judged {
  return { verdict: 'inconclusive', evidence: null, error: { category, message } };
}

function stderrTail(stderr: string): string {
  const trimmed = stderr.trim();
  if (!trimmed) return '';
  const tail =
    trimmed.length > STDERR_TAIL_CHARS ? `…${trimmed.slice(-STDERR_TAIL_CHARS)}` : trimmed;
  // The stderr goes on its own lines so a table can keep the headline and the exception line.
  return `, writing to stderr:\n${tail}`;
}

/** How a sandboxed program ended, when that alone settles it: cancelled, timed out, crashed. */
export function processFault(
  result: SandboxResult,
  name: string,
  timeoutMs: number,
): Judged | undefined {
  if (result.aborted) return fault('cancelled', `${name} was cancelled`);
  if (result.timedOut) {
    return fault('timeout', `${name} did not finish within ${timeoutMs} ms and was killed`);
  }
  if (result.exitCode !== 0) {
    const how =
      result.exitCode === null
        ? `was killed by ${result.signal ?? 'a signal'}`
        : `exited with code ${result.exitCode}`;
    const limit = result.limitHit ? ` after reaching the sandbox's ${result.limitHit} limit` : '';
    return fault('crash', `${name} ${how}${limit}${stderrTail(result.stderr)}`);
  }
  return undefined;
}

/**
 * Settles a finished script run. Never a pass on any fault. A script that exited non-zero on
 * its own (not cancelled, timed out, killed at a sandbox limit) after writing a valid `fail`
 * settles that fail: `… ; exit 1` is the usual shell habit. Anything else it wrote is a crash.
 */
export async function judgeScriptRun(
  result: SandboxResult,
  context: ScriptRunContext,
): Promise<Judged> {
  const ended = processFault(result, `script "${context.scriptName}"`, context.timeoutMs);
  if (!ended) return judgeOutputOf(result, context);
  if (!exitedNonZeroByItself(result)) return ended;
  const judged = await judgeOutputOf(result, context);
  return judged.verdict === 'fail' ? judged : ended;
}

function exitedNonZeroByItself(result: SandboxResult): boolean {
  return (
    !result.aborted &&
    !result.timedOut &&
    result.limitHit === undefined &&
    result.exitCode !== null &&
    result.exitCode !== 0
  );
}

async function judgeOutputOf(result: SandboxResult, context: ScriptRunContext): Promise<Judged> {
  const file = await readJudgeFile(context.judgeFilePath, context.judgeBytes);
  if (file.kind === 'too_large') {
    return fault(
      'evidence_too_large',
      `the judge output file is ${file.bytes} bytes; at most ${context.judgeBytes} are read`,
    );
  }
  if (file.kind === 'not_regular') {
    return fault(
      'malformed_output',
      'DOG_OUTPUT is not a regular file (symlinks are not followed)',
    );
  }
  let text: string;
  let from: string;
  if (file.kind === 'text' && file.text.trim() !== '') {
    text = file.text;
    from = 'DOG_OUTPUT';
  } else {
    const last = lastNonEmptyLine(result.stdout);
    if (!last) {
      return fault(
        'malformed_output',
        `script "${context.scriptName}" wrote no judge output (DOG_OUTPUT empty or absent, stdout empty)`,
      );
    }
    if ((result.stdoutTruncated ?? result.outputTruncated) && last.first) {
      return fault(
        'evidence_too_large',
        `the last stdout line is longer than the ${context.judgeBytes}-byte output bound`,
      );
    }
    text = last.line;
    from = 'the last stdout line';
  }
  const checked = checkJudgeText(text, context.maxEvidenceBytes, from);
  if (!checked.ok) return { verdict: 'inconclusive', evidence: null, error: checked.error };
  return { verdict: checked.output.verdict, evidence: checked.output.evidence };
}

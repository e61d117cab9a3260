// Which jobs of a workflow an event runs, by evaluating each job's `if:` with GitHub's own
// expression language (@actions/expressions, the evaluator of GitHub's language services).
// Every job that runs is assumed to succeed; a job whose `if:` is false is skipped.
import { Evaluator, Lexer, Parser, data } from '@actions/expressions';
import type { FunctionDefinition } from '@actions/expressions/funcs/info';
import { truthy } from '@actions/expressions/result';
import type { Json } from './workflowRules.js';

export type JobResult = 'success' | 'skipped';

export type EventContext = {
  eventName: string;
  payload: Json;
  /** The `inputs` context (for a called workflow: its workflow_call inputs). */
  inputs?: Json;
  /** Outputs a job that runs sets (by job id), for `needs.<id>.outputs.*`. */
  outputs?: Record<string, Record<string, string>>;
};

const STATUS_FUNCTIONS = ['success', 'failure', 'always', 'cancelled'] as const;

function toData(value: unknown): data.ExpressionData {
  return JSON.parse(JSON.stringify(value ?? null), data.reviver) as data.ExpressionData;
}

/** The expression inside `${{ … }}` (a bare `if:` is an expression already). */
function expressionOf(condition: unknown): string {
  if (condition === undefined || condition === null) return '';
  const text = typeof condition === 'string' ? condition : JSON.stringify(condition);
  const wrapped = /^\s*\$\{\{([\s\S]*)\}\}\s*$/.exec(text);
  return (wrapped ? wrapped[1]! : text).trim();
}

/** GitHub adds `success() &&` to a job condition that calls no status function. */
function withImplicitSuccess(expression: string): string {
  if (expression === '') return 'success()';
  const callsStatus = STATUS_FUNCTIONS.some((name) =>
    new RegExp(`\\b${name}\\s*\\(`).test(expression),
  );
  return callsStatus ? expression : `success() && (${expression})`;
}

function statusFunctions(needsSucceeded: boolean): Map<string, FunctionDefinition> {
  const constant = (value: boolean) => (): data.ExpressionData => new data.BooleanData(value);
  const defs: Array<[string, boolean]> = [
    ['success', needsSucceeded],
    ['failure', false],
    ['always', true],
    ['cancelled', false],
  ];
  return new Map(
    defs.map(([name, value]) => [name, { name, minArgs: 0, maxArgs: 0, call: constant(value) }]),
  );
}

/** Evaluates one job's `if:` as GitHub does for a job (truthiness of the result). */
export function jobConditionHolds(
  condition: unknown,
  context: data.Dictionary,
  needsSucceeded: boolean,
): boolean {
  const expression = withImplicitSuccess(expressionOf(condition));
  const lexed = new Lexer(expression).lex();
  const functions = statusFunctions(needsSucceeded);
  const parsed = new Parser(
    lexed.tokens,
    ['github', 'inputs', 'needs', 'vars'],
    [...functions.values()],
  ).parse();
  const result = new Evaluator(parsed, context, functions).evaluate();
  return truthy(result);
}

function needsOf(job: Json): string[] {
  const needs = job.needs;
  if (needs === undefined) return [];
  return (Array.isArray(needs) ? needs : [needs]).map(String);
}

/** Every job's result for the event, in dependency order. */
export function jobResults(workflow: Json, event: EventContext): Record<string, JobResult> {
  const jobs = (workflow.jobs ?? {}) as Record<string, Json>;
  const results: Record<string, JobResult> = {};
  const pending = Object.keys(jobs);
  while (pending.length > 0) {
    const index = pending.findIndex((id) => needsOf(jobs[id]!).every((n) => n in results));
    if (index < 0) throw new Error(`a cycle among the jobs ${pending.join(', ')}`);
    const [id] = pending.splice(index, 1) as [string];
    const needs = needsOf(jobs[id]!);
    const needsContext = Object.fromEntries(
      needs.map((n) => [
        n,
        { result: results[n], outputs: results[n] === 'success' ? (event.outputs?.[n] ?? {}) : {} },
      ]),
    );
    const context = new data.Dictionary(
      { key: 'github', value: toData({ event_name: event.eventName, event: event.payload }) },
      { key: 'inputs', value: toData(event.inputs ?? {}) },
      { key: 'needs', value: toData(needsContext) },
      { key: 'vars', value: toData({}) },
    );
    const needsSucceeded = needs.every((n) => results[n] === 'success');
    results[id] = jobConditionHolds(jobs[id]!.if, context, needsSucceeded) ? 'success' : 'skipped';
  }
  return results;
}

/** The ids of the jobs that run. */
export function jobsThatRun(workflow: Json, event: EventContext): string[] {
  return Object.entries(jobResults(workflow, event))
    .filter(([, result]) => result === 'success')
    .map(([id]) => id);
}

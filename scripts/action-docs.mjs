// Renders the Action's inputs and outputs from action.yml into README.md, between
// `<!-- action-docs:start -->` and `<!-- action-docs:end -->`.
//
//   node scripts/action-docs.mjs          rewrite README.md (npm run docs:action)
//   node scripts/action-docs.mjs --check  exit 1 when README.md is out of date (CI)
//
// Works on action.yml and README.md in the current directory (npm runs scripts from the
// package root). The generated block is wrapped in prettier-ignore comments, so
// `prettier --write` never reflows it and `--check` stays stable.
import { realpathSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const START_MARKER = '<!-- action-docs:start -->';
export const END_MARKER = '<!-- action-docs:end -->';
export const OUT_OF_DATE_MESSAGE =
  "README.md's action table is out of date; run npm run docs:action";

/**
 * @typedef {{ description: string, default?: string, required: boolean, deprecationMessage?: string }} ActionInput
 * @typedef {{ description: string }} ActionOutput
 * @typedef {{ inputs: Array<[string, ActionInput]>, outputs: Array<[string, ActionOutput]> }} ActionDocs
 */

/**
 * Escapes text for one Markdown table cell: `|` becomes `\|`, line breaks become `<br>`.
 * @param {string} text
 * @returns {string}
 */
export function escapeCell(text) {
  return text.trim().replace(/\r\n?/g, '\n').replace(/\|/g, '\\|').replace(/\n/g, '<br>');
}

/**
 * A code span holding `text` literally (a fence longer than any backtick run inside),
 * escaped for a table cell. An empty string renders as `''`.
 * @param {string} text
 * @returns {string}
 */
export function codeCell(text) {
  if (text === '') return "`''`";
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${escapeCell(text.replace(/\r?\n/g, ' '))}${pad}${fence}`;
}

/**
 * @param {unknown} value
 * @param {string} where
 * @returns {Record<string, unknown>}
 */
function asRecord(value, where) {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new Error(`action.yml: ${where} must be a mapping`);
  return /** @type {Record<string, unknown>} */ (value);
}

/**
 * @param {unknown} value
 * @returns {string | undefined}
 */
function scalarText(value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Reads the inputs and outputs of an action.yml text, in file order.
 * @param {string} actionYaml
 * @returns {ActionDocs}
 */
export function readActionDocs(actionYaml) {
  const action = asRecord(parse(actionYaml), 'the document');
  /** @type {Array<[string, ActionInput]>} */
  const inputs = Object.entries(asRecord(action.inputs, 'inputs')).map(([name, raw]) => {
    const input = asRecord(raw, `inputs.${name}`);
    /** @type {ActionInput} */
    const entry = {
      description: scalarText(input.description) ?? '',
      required: input.required === true || input.required === 'true',
    };
    const defaultText = scalarText(input.default);
    if (defaultText !== undefined) entry.default = defaultText;
    const deprecation = scalarText(input.deprecationMessage);
    if (deprecation !== undefined) entry.deprecationMessage = deprecation;
    return [name, entry];
  });
  /** @type {Array<[string, ActionOutput]>} */
  const outputs = Object.entries(asRecord(action.outputs, 'outputs')).map(([name, raw]) => [
    name,
    { description: scalarText(asRecord(raw, `outputs.${name}`).description) ?? '' },
  ]);
  return { inputs, outputs };
}

/**
 * Renders the Markdown that goes between the markers (including the blank lines around it).
 * @param {string} actionYaml the text of action.yml
 * @returns {string}
 */
export function renderActionDocs(actionYaml) {
  const { inputs, outputs } = readActionDocs(actionYaml);
  const lines = [
    '',
    '<!-- prettier-ignore-start -->',
    '<!-- Generated from action.yml by scripts/action-docs.mjs: edit action.yml, then run npm run docs:action. -->',
    '',
    '### Inputs',
    '',
  ];
  if (inputs.length === 0) lines.push('This action has no inputs.');
  else {
    lines.push('| name | description | default | required |', '| --- | --- | --- | --- |');
    for (const [name, input] of inputs) {
      const description = input.deprecationMessage
        ? `${input.description}\n**Deprecated:** ${input.deprecationMessage}`
        : input.description;
      const defaultCell = input.default === undefined ? '' : codeCell(input.default);
      lines.push(
        `| ${codeCell(name)} | ${escapeCell(description)} | ${defaultCell} | ${input.required ? 'yes' : 'no'} |`,
      );
    }
  }
  lines.push('', '### Outputs', '');
  if (outputs.length === 0) lines.push('This action has no outputs.');
  else {
    lines.push('| name | description |', '| --- | --- |');
    for (const [name, output] of outputs)
      lines.push(`| ${codeCell(name)} | ${escapeCell(output.description)} |`);
  }
  lines.push('', '<!-- prettier-ignore-end -->', '');
  return lines.join('\n');
}

/**
 * Replaces the text between the markers of `readme` with `section`.
 * @param {string} readme
 * @param {string} section
 * @returns {string}
 */
export function replaceBetweenMarkers(readme, section) {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  const missing = [start < 0 ? START_MARKER : '', end < 0 ? END_MARKER : ''].filter(Boolean);
  if (missing.length > 0)
    throw new Error(
      `README.md has no ${missing.join(' and no ')} marker; add both markers where the ` +
        'action table belongs (under "## Using the Action")',
    );
  if (readme.indexOf(START_MARKER, start + 1) >= 0 || readme.indexOf(END_MARKER, end + 1) >= 0)
    throw new Error(`README.md must contain ${START_MARKER} and ${END_MARKER} exactly once each`);
  if (end < start) throw new Error(`README.md has ${END_MARKER} before ${START_MARKER}`);
  return readme.slice(0, start + START_MARKER.length) + section + readme.slice(end);
}

/**
 * README.md's text with its action table rendered from action.yml.
 * @param {string} readme
 * @param {string} actionYaml
 * @returns {string}
 */
export function updateReadme(readme, actionYaml) {
  return replaceBetweenMarkers(readme, renderActionDocs(actionYaml));
}

/**
 * The command line. Returns the exit code.
 * @param {string[]} args
 * @param {string} root directory holding action.yml and README.md
 * @returns {Promise<number>}
 */
export async function main(args, root) {
  const unknown = args.filter((arg) => arg !== '--check');
  if (unknown.length > 0) {
    process.stderr.write(
      `usage: node scripts/action-docs.mjs [--check] (unknown: ${unknown.join(' ')})\n`,
    );
    return 2;
  }
  const check = args.includes('--check');
  const readmePath = join(root, 'README.md');
  let readme;
  let updated;
  try {
    const actionYaml = await readFile(join(root, 'action.yml'), 'utf8');
    readme = await readFile(readmePath, 'utf8');
    updated = updateReadme(readme, actionYaml);
  } catch (error) {
    process.stderr.write(
      `action-docs: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
  if (check) {
    if (updated !== readme) {
      process.stderr.write(`${OUT_OF_DATE_MESSAGE}\n`);
      return 1;
    }
    process.stdout.write("README.md's action table is up to date\n");
    return 0;
  }
  if (updated === readme) process.stdout.write("README.md's action table is already up to date\n");
  else {
    await writeFile(readmePath, updated);
    process.stdout.write("README.md's action table updated from action.yml\n");
  }
  return 0;
}

/** @returns {boolean} whether this module is the program node was asked to run */
function isEntryPoint() {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) process.exitCode = await main(process.argv.slice(2), process.cwd());

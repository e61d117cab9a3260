// The verifier agent's tools: read-only views of the capture, and submit_verdict. Specs and
// argument checks come from one table. A tool never throws to the loop: unknown tools, bad
// arguments and file-system faults become error results the model can read.
import type { CaptureKind } from '../../capture/types.js';
import type { ToolCall, ToolSpec } from '../../providers/types.js';
import type { Fence } from './fence.js';
import { fileInfo, listFiles } from './listing.js';
import { captureRootOf } from './paths.js';
import { readFileTool } from './readFile.js';
import { REGEX_SUBSET, searchText } from './search.js';
import {
  boundText,
  DEFAULT_TOOL_LIMITS,
  toolError,
  type ToolContext,
  type ToolLimits,
  type ToolOutcome,
} from './toolTypes.js';

export const SUBMIT_VERDICT = 'submit_verdict';

type Param =
  | {
      kind: 'string';
      required: boolean;
      description: string;
      maxLength: number;
      minLength?: number;
    }
  | { kind: 'integer'; required: boolean; description: string; minimum: number; maximum?: number }
  | { kind: 'boolean'; required: boolean; description: string };

type ReadTool = { name: string; description: string; params: Record<string, Param> };

const PATH_HELP =
  'Path relative to the capture root ("." is the root). No absolute paths, no "..".';

function pathParam(required: boolean): Param {
  return { kind: 'string', required, description: PATH_HELP, maxLength: 1024 };
}

function readFileSpec(limits: ToolLimits): ReadTool {
  return {
    name: 'read_file',
    description:
      'Read a file of the capture. Text comes back as numbered lines (line number, tab, text) for ' +
      `a byte range: offset (default 0) and length (default ${limits.readDefaultBytes}, at most ` +
      `${limits.readMaxBytes}). Binary files come back as a summary (size, sha256, type); ` +
      'PNG/JPEG images as images when the model accepts them.',
    params: {
      path: pathParam(true),
      offset: {
        kind: 'integer',
        required: false,
        description: 'Byte offset to start at.',
        minimum: 0,
      },
      length: {
        kind: 'integer',
        required: false,
        description: 'Bytes to read.',
        minimum: 1,
        maximum: limits.readMaxBytes,
      },
    },
  };
}

function searchSpec(limits: ToolLimits): ReadTool {
  return {
    name: 'search_text',
    description:
      'Search the text files of the capture (or below `path`) line by line, for a plain string or, ' +
      `with regex: true, a regular expression (${REGEX_SUBSET}). Returns path:line: text, at most ` +
      `${limits.maxSearchMatches} lines.`,
    params: {
      pattern: {
        kind: 'string',
        required: true,
        description: 'Text or expression to find.',
        minLength: 1,
        maxLength: 512,
      },
      path: pathParam(false),
      regex: {
        kind: 'boolean',
        required: false,
        description: 'Treat pattern as a regular expression.',
      },
    },
  };
}

function readTools(limits: ToolLimits): ReadTool[] {
  return [
    {
      name: 'list_files',
      description:
        'List files and directories below a directory of the capture, recursively (at most ' +
        `${limits.maxListEntries} entries), with sizes.`,
      params: { path: pathParam(false) },
    },
    readFileSpec(limits),
    searchSpec(limits),
    {
      name: 'file_info',
      description:
        'Facts about one path: kind, size, sha256, detected type, line count, image size.',
      params: { path: pathParam(true) },
    },
  ];
}

function schemaOf(params: Record<string, Param>): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(params)) {
    const schema: Record<string, unknown> = { type: param.kind, description: param.description };
    if (param.kind === 'string') {
      schema.maxLength = param.maxLength;
      if (param.minLength !== undefined) schema.minLength = param.minLength;
    }
    if (param.kind === 'integer') {
      schema.minimum = param.minimum;
      if (param.maximum !== undefined) schema.maximum = param.maximum;
    }
    properties[name] = schema;
  }
  const required = Object.entries(params)
    .filter(([, param]) => param.required)
    .map(([name]) => name);
  return { type: 'object', properties, required, additionalProperties: false };
}

export const SUBMIT_SPEC: ToolSpec = {
  name: SUBMIT_VERDICT,
  description:
    'Submit your final verdict, once, ending the verification. verdict: "pass" (the capture ' +
    'satisfies the task), "fail" (it does not) or "inconclusive" (the capture cannot tell). ' +
    'evidence: JSON describing what you observed with the tools; required for pass and fail, and ' +
    'it must say something: a non-blank string, or a number or boolean under a named key ' +
    '({"errors": 0}). Start it with {"summary": "<one line: what you found>"}, which reports ' +
    'show as the reason; point at places with {"locations": [{"path", "line", "message"}]}.',
  parameters: {
    type: 'object',
    properties: {
      verdict: { type: 'string', enum: ['pass', 'fail', 'inconclusive'] },
      evidence: { description: 'Any JSON: what you observed.' },
    },
    required: ['verdict', 'evidence'],
    additionalProperties: false,
  },
};

export function toolSpecs(limits: ToolLimits = DEFAULT_TOOL_LIMITS): ToolSpec[] {
  const reads = readTools(limits).map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: schemaOf(tool.params),
  }));
  return [...reads, SUBMIT_SPEC];
}

type Values = Record<string, string | number | boolean>;

function checkParam(name: string, param: Param, value: unknown): string | undefined {
  if (param.kind === 'string') {
    if (typeof value !== 'string') return `"${name}" must be a string`;
    if (value.length > param.maxLength)
      return `"${name}" is longer than ${param.maxLength} characters`;
    if (value.length < (param.minLength ?? 0)) return `"${name}" must not be empty`;
    return undefined;
  }
  if (param.kind === 'boolean')
    return typeof value === 'boolean' ? undefined : `"${name}" must be true or false`;
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    return `"${name}" must be an integer`;
  if (value < param.minimum) return `"${name}" must be at least ${param.minimum}`;
  if (param.maximum !== undefined && value > param.maximum)
    return `"${name}" must be at most ${param.maximum}`;
  return undefined;
}

export function checkArgs(
  tool: ReadTool,
  args: Record<string, unknown> | undefined,
): { ok: true; values: Values } | { ok: false; message: string } {
  if (args === undefined) return { ok: false, message: 'the arguments are not a JSON object' };
  const unknown = Object.keys(args).filter((key) => !(key in tool.params));
  if (unknown.length > 0)
    return { ok: false, message: `unknown argument ${JSON.stringify(unknown[0])}` };
  const values: Values = {};
  for (const [name, param] of Object.entries(tool.params)) {
    const value = args[name];
    if (value === undefined || value === null) {
      if (param.required) return { ok: false, message: `missing required argument "${name}"` };
      continue;
    }
    const problem = checkParam(name, param, value);
    if (problem) return { ok: false, message: problem };
    values[name] = value as string | number | boolean;
  }
  return { ok: true, values };
}

/** The read-only tools over one capture root. */
export class CaptureTools {
  private readonly byName: Map<string, ReadTool>;

  constructor(readonly context: ToolContext) {
    this.byName = new Map(readTools(context.limits).map((tool) => [tool.name, tool]));
  }

  static async open(
    capturePath: string,
    kind: CaptureKind,
    options: { fence: Fence; vision: boolean; limits?: ToolLimits },
  ): Promise<CaptureTools> {
    const root = await captureRootOf(capturePath, kind);
    const limits = options.limits ?? DEFAULT_TOOL_LIMITS;
    return new CaptureTools({ root, fence: options.fence, vision: options.vision, limits });
  }

  specs(): ToolSpec[] {
    return toolSpecs(this.context.limits);
  }

  /** Runs one read-only tool call. submit_verdict is the loop's business, not a tool's. */
  async run(call: ToolCall): Promise<ToolOutcome> {
    const tool = this.byName.get(call.name);
    if (!tool) {
      const names = [...this.byName.keys(), SUBMIT_VERDICT].join(', ');
      return toolError(
        `unknown tool ${JSON.stringify(boundText(call.name, 100))}; the tools are ${names}`,
      );
    }
    const checked = checkArgs(tool, call.arguments);
    const path =
      typeof call.arguments?.path === 'string' ? boundText(call.arguments.path, 200) : undefined;
    if (!checked.ok) return toolError(`${tool.name}: ${checked.message}`, path);
    try {
      return await this.dispatch(tool.name, checked.values);
    } catch (error) {
      // File-system messages name host paths; only the error code goes to the model.
      const code = (error as NodeJS.ErrnoException).code ?? 'unexpected error';
      return toolError(`${tool.name} failed (${code})`, path);
    }
  }

  private dispatch(name: string, values: Values): Promise<ToolOutcome> {
    const path = typeof values.path === 'string' ? values.path : '.';
    const offset = typeof values.offset === 'number' ? values.offset : undefined;
    const length = typeof values.length === 'number' ? values.length : undefined;
    switch (name) {
      case 'list_files':
        return listFiles(this.context, path);
      case 'read_file':
        return readFileTool(this.context, { path, offset, length });
      case 'search_text':
        return searchText(this.context, {
          pattern: String(values.pattern),
          path,
          regex: values.regex === true,
        });
      default:
        return fileInfo(this.context, path);
    }
  }
}

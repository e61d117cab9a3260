import { parseDocument } from 'yaml';
import { DocumentError, type Problem } from '../errors.js';

export type DocumentFormat = 'yaml' | 'json';

export type ParseOptions = {
  /** Name shown in messages (usually the file path). */
  source: string;
  format: DocumentFormat;
  maxBytes: number;
  /** Aliases allowed before the document is treated as an alias bomb. */
  maxAliasCount?: number;
};

export function formatFromName(name: string): DocumentFormat {
  return name.toLowerCase().endsWith('.json') ? 'json' : 'yaml';
}

/**
 * Parses YAML or JSON text into plain data. Duplicate keys are an error in both formats
 * (JSON.parse would silently keep the last one), and alias bombs and oversized input are
 * refused before they can cost memory.
 */
export function parseStructuredText(text: string, options: ParseOptions): unknown {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > options.maxBytes) {
    fail(options.source, `file is ${bytes} bytes, larger than the ${options.maxBytes}-byte limit`);
  }
  if (options.format === 'json') checkJsonSyntax(text, options.source);
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: true, strict: true });
  const problems: Problem[] = document.errors.map((error) => ({
    pointer: '',
    message: `${options.format === 'json' ? 'JSON' : 'YAML'}: ${firstLine(error.message).replace(/:$/, '')}`,
  }));
  if (problems.length > 0) throw new DocumentError(options.source, problems);
  try {
    return document.toJS({ maxAliasCount: options.maxAliasCount ?? 100 });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return fail(options.source, `refused: ${message} (too many YAML aliases; write the data out)`);
  }
}

function checkJsonSyntax(text: string, source: string): void {
  try {
    JSON.parse(text);
  } catch (error) {
    fail(source, `JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function fail(source: string, message: string): never {
  throw new DocumentError(source, [{ pointer: '', message }]);
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

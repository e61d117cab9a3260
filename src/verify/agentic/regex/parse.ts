// Parser for the regular-expression subset that search_text runs in linear time: literals, `.`,
// classes and `\d \w \s` (and negations), anchors `^ $ \b \B`, groups (capturing, `(?:…)`,
// named), alternation and quantifiers `* + ? {m} {m,} {m,n}` (lazy forms accepted). No
// backreferences or lookaround: those need backtracking and are refused with a message.
import { complement, DIGIT, SPACE, WORD, type Ranges } from './charset.js';

export type Node =
  | { t: 'empty' }
  | { t: 'set'; ranges: Ranges }
  | { t: 'cat'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'rep'; item: Node; min: number; max: number }
  | { t: 'assert'; kind: 'bol' | 'eol' | 'wb' | 'nwb' };

export class RegexSyntaxError extends Error {}

export const MAX_PATTERN_CHARS = 512;
export const MAX_REPEAT = 1000;
const MAX_DEPTH = 64;
const NEWLINES: Ranges = [
  [10, 10],
  [13, 13],
  [0x2028, 0x2029],
];
const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  n: 10,
  r: 13,
  t: 9,
  f: 12,
  v: 11,
  '0': 0,
};

class Parser {
  private index = 0;
  private depth = 0;
  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.index < this.source.length) throw this.error('unmatched ")"');
    return node;
  }

  private error(message: string): RegexSyntaxError {
    return new RegexSyntaxError(`${message} at position ${this.index}`);
  }

  private peek(): string | undefined {
    return this.source[this.index];
  }

  private eat(text: string): boolean {
    if (!this.source.startsWith(text, this.index)) return false;
    this.index += text.length;
    return true;
  }

  private codePoint(): number {
    const point = this.source.codePointAt(this.index);
    if (point === undefined) throw this.error('unexpected end of pattern');
    this.index += point > 0xffff ? 2 : 1;
    return point;
  }

  private alternation(): Node {
    const items = [this.sequence()];
    while (this.eat('|')) items.push(this.sequence());
    return items.length === 1 ? (items[0] as Node) : { t: 'alt', items };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.index < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      items.push(this.quantified(this.atom()));
    }
    if (items.length === 0) return { t: 'empty' };
    return items.length === 1 ? (items[0] as Node) : { t: 'cat', items };
  }

  private quantified(atom: Node): Node {
    const bounds = this.quantifier();
    if (!bounds) return atom;
    if (atom.t === 'assert' || atom.t === 'empty') throw this.error('nothing to repeat');
    this.eat('?');
    if (this.quantifierAhead()) throw this.error('nothing to repeat');
    return { t: 'rep', item: atom, min: bounds[0], max: bounds[1] };
  }

  private quantifierAhead(): boolean {
    const next = this.peek();
    return next === '*' || next === '+' || next === '?' || /^\{\d+(,\d*)?\}/.test(this.rest());
  }

  private rest(): string {
    return this.source.slice(this.index, this.index + 24);
  }

  private quantifier(): [number, number] | undefined {
    if (this.eat('*')) return [0, Infinity];
    if (this.eat('+')) return [1, Infinity];
    if (this.eat('?')) return [0, 1];
    const braces = /^\{(\d+)(,(\d*))?\}/.exec(this.rest());
    if (!braces) return undefined;
    this.index += braces[0].length;
    const min = Number(braces[1]);
    const max = braces[2] === undefined ? min : braces[3] ? Number(braces[3]) : Infinity;
    if (min > max) throw this.error('numbers out of order in {} quantifier');
    if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) {
      throw this.error(`repetition counts above ${MAX_REPEAT} are not supported`);
    }
    return [min, max];
  }

  private atom(): Node {
    const char = this.peek();
    if (char === '(') return this.group();
    if (char === '[') return this.charClass();
    this.index += 1;
    if (char === '.') return { t: 'set', ranges: complement(NEWLINES) };
    if (char === '^') return { t: 'assert', kind: 'bol' };
    if (char === '$') return { t: 'assert', kind: 'eol' };
    if (char === '\\') return this.escape(false);
    if (char === '*' || char === '+' || char === '?') throw this.error('nothing to repeat');
    this.index -= 1;
    const point = this.codePoint();
    return { t: 'set', ranges: [[point, point]] };
  }

  private group(): Node {
    this.index += 1;
    if (this.eat('?')) {
      if (this.eat('=') || this.eat('!') || this.eat('<=') || this.eat('<!')) {
        throw this.error('lookaround is not supported');
      }
      if (this.eat('<')) {
        const name = /^[A-Za-z_$][\w$]*>/.exec(this.rest());
        if (!name) throw this.error('invalid group name');
        this.index += name[0].length;
      } else if (!this.eat(':')) throw this.error('invalid group');
    }
    this.depth += 1;
    if (this.depth > MAX_DEPTH) throw this.error('groups nested too deeply');
    const inner = this.alternation();
    this.depth -= 1;
    if (!this.eat(')')) throw this.error('missing ")"');
    // Wrapped, so that a group of an assertion or of nothing may still be repeated.
    return { t: 'cat', items: [inner] };
  }

  private escape(inClass: boolean): Node & { t: 'set' | 'assert' } {
    const char = this.peek();
    if (char === undefined) throw this.error('\\ at end of pattern');
    this.index += 1;
    const sets: Readonly<Record<string, Ranges>> = { d: DIGIT, w: WORD, s: SPACE };
    const lower = char.toLowerCase();
    if (sets[lower]) {
      const ranges = sets[lower];
      return { t: 'set', ranges: char === lower ? ranges : complement(ranges) };
    }
    if (char === 'b') return inClass ? single(8) : { t: 'assert', kind: 'wb' };
    if (char === 'B' && !inClass) return { t: 'assert', kind: 'nwb' };
    if (char === '0' && /^\d/.test(this.peek() ?? '')) {
      throw this.error('octal escapes are not supported');
    }
    if (SIMPLE_ESCAPES[char] !== undefined) return single(SIMPLE_ESCAPES[char]);
    if (char === 'x' || char === 'u') return single(this.hexEscape(char));
    if (/[1-9]/.test(char) || char === 'k') throw this.error('backreferences are not supported');
    if (/[A-Za-z0-9]/.test(char)) throw this.error(`unsupported escape \\${char}`);
    this.index -= 1;
    return single(this.codePoint());
  }

  private hexEscape(kind: 'x' | 'u'): number {
    const braced = kind === 'u' ? /^\{([0-9A-Fa-f]{1,6})\}/.exec(this.rest()) : null;
    const plain = (kind === 'x' ? /^[0-9A-Fa-f]{2}/ : /^[0-9A-Fa-f]{4}/).exec(this.rest());
    const match = braced ?? plain;
    if (!match) throw this.error(`invalid \\${kind} escape`);
    this.index += match[0].length;
    const value = parseInt(braced ? (braced[1] as string) : match[0], 16);
    if (value > 0x10ffff) throw this.error('code point out of range');
    return value;
  }

  private charClass(): Node {
    this.index += 1;
    const negated = this.eat('^');
    const ranges: (readonly [number, number])[] = [];
    while (!this.eat(']')) {
      if (this.index >= this.source.length) throw this.error('missing "]"');
      const low = this.classAtom();
      if (low.length === 1 && low[0]?.[0] === low[0]?.[1] && this.rangeDashAhead()) {
        this.index += 1;
        const high = this.classAtom();
        const from = low[0]?.[0] ?? 0;
        const to = high.length === 1 && high[0]?.[0] === high[0]?.[1] ? (high[0]?.[0] ?? 0) : -1;
        if (to < from) throw this.error('invalid range in character class');
        ranges.push([from, to]);
      } else ranges.push(...low);
    }
    return { t: 'set', ranges: negated ? complement(ranges) : ranges };
  }

  private rangeDashAhead(): boolean {
    return (
      this.peek() === '-' &&
      this.source[this.index + 1] !== ']' &&
      this.index + 1 < this.source.length
    );
  }

  private classAtom(): Ranges {
    if (this.eat('\\')) {
      const node = this.escape(true);
      if (node.t !== 'set') throw this.error('invalid escape in character class');
      return node.ranges;
    }
    const point = this.codePoint();
    return [[point, point]];
  }
}

function single(point: number | undefined): { t: 'set'; ranges: Ranges } {
  const value = point ?? 0;
  return { t: 'set', ranges: [[value, value]] };
}

/** Parses a pattern of the supported subset; throws RegexSyntaxError with a position. */
export function parseRegex(source: string): Node {
  if (source.length > MAX_PATTERN_CHARS) {
    throw new RegexSyntaxError(`pattern is longer than ${MAX_PATTERN_CHARS} characters`);
  }
  return new Parser(source).parse();
}

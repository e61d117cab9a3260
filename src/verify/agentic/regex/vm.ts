// A Pike VM: the pattern compiles to a small program whose threads advance in lock-step over
// the input, so matching costs at most O(program × input) steps — no backtracking, no
// catastrophic patterns. Steps and wall time are still metered so a search has a hard bound.
import { performance } from 'node:perf_hooks';
import { contains, isWordChar, normalize, type Ranges } from './charset.js';
import { parseRegex, RegexSyntaxError, type Node } from './parse.js';

type Inst =
  | { op: 'set'; ranges: Ranges }
  | { op: 'split'; x: number; y: number }
  | { op: 'jmp'; x: number }
  | { op: 'assert'; kind: 'bol' | 'eol' | 'wb' | 'nwb' }
  | { op: 'match' };

export const MAX_PROGRAM = 20_000;
const CHECK_EVERY = 1024;

/** Shared by every line of one search: a step allowance and a wall-clock deadline. */
export type StepMeter = { steps: number; readonly maxSteps: number; readonly deadline: number };

export class StepLimitError extends Error {}

class Compiler {
  readonly program: Inst[] = [];

  push(inst: Inst): number {
    if (this.program.length >= MAX_PROGRAM) {
      throw new RegexSyntaxError('pattern is too large once its repetitions are expanded');
    }
    this.program.push(inst);
    return this.program.length - 1;
  }

  emit(node: Node): void {
    switch (node.t) {
      case 'empty':
        return;
      case 'set':
        this.push({ op: 'set', ranges: normalize(node.ranges) });
        return;
      case 'assert':
        this.push({ op: 'assert', kind: node.kind });
        return;
      case 'cat':
        for (const item of node.items) this.emit(item);
        return;
      case 'alt':
        this.alternation(node.items);
        return;
      case 'rep':
        this.repeat(node.item, node.min, node.max);
    }
  }

  private alternation(items: readonly Node[]): void {
    const jumps: { op: 'jmp'; x: number }[] = [];
    items.forEach((item, index) => {
      if (index === items.length - 1) {
        this.emit(item);
        return;
      }
      const split = { op: 'split' as const, x: this.program.length + 1, y: 0 };
      this.push(split);
      this.emit(item);
      const jump = { op: 'jmp' as const, x: 0 };
      this.push(jump);
      jumps.push(jump);
      split.y = this.program.length;
    });
    for (const jump of jumps) jump.x = this.program.length;
  }

  private repeat(item: Node, min: number, max: number): void {
    for (let count = 0; count < min; count += 1) this.emit(item);
    if (max === Infinity) {
      const loop = this.program.length;
      const split = { op: 'split' as const, x: loop + 1, y: 0 };
      this.push(split);
      this.emit(item);
      this.push({ op: 'jmp', x: loop });
      split.y = this.program.length;
      return;
    }
    const splits: { op: 'split'; x: number; y: number }[] = [];
    for (let count = min; count < max; count += 1) {
      const split = { op: 'split' as const, x: this.program.length + 1, y: 0 };
      this.push(split);
      splits.push(split);
      this.emit(item);
    }
    for (const split of splits) split.y = this.program.length;
  }
}

/** A compiled pattern; `test` says whether a line contains a match. Not re-entrant. */
export class LinearRegex {
  private readonly marks: Uint32Array;
  private generation = 0;
  private current: Int32Array;
  private next: Int32Array;
  private readonly stack: number[] = [];

  private constructor(private readonly program: readonly Inst[]) {
    this.marks = new Uint32Array(program.length);
    this.current = new Int32Array(program.length);
    this.next = new Int32Array(program.length);
  }

  /** Compiles a pattern; throws RegexSyntaxError for syntax outside the supported subset. */
  static compile(source: string): LinearRegex {
    const compiler = new Compiler();
    compiler.emit(parseRegex(source));
    compiler.push({ op: 'match' });
    return new LinearRegex(compiler.program);
  }

  test(line: string, meter: StepMeter): boolean {
    const points = Array.from(line, (char) => char.codePointAt(0) as number);
    let count = 0;
    this.advanceGeneration();
    for (let position = 0; ; position += 1) {
      const added = this.add(this.current, count, 0, position, points, meter);
      if (added < 0) return true;
      count = added;
      if (position === points.length) return false;
      const point = points[position] as number;
      this.advanceGeneration();
      let nextCount = 0;
      for (let index = 0; index < count; index += 1) {
        const pc = this.current[index] as number;
        const inst = this.program[pc] as Inst & { op: 'set' };
        this.tick(meter);
        if (!contains(inst.ranges, point)) continue;
        const result = this.add(this.next, nextCount, pc + 1, position + 1, points, meter);
        if (result < 0) return true;
        nextCount = result;
      }
      [this.current, this.next] = [this.next, this.current];
      count = nextCount;
    }
  }

  private advanceGeneration(): void {
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.marks.fill(0);
      this.generation = 1;
    }
  }

  private tick(meter: StepMeter): void {
    meter.steps += 1;
    if (meter.steps % CHECK_EVERY !== 0) return;
    if (meter.steps > meter.maxSteps || performance.now() > meter.deadline) {
      throw new StepLimitError('the search reached its time bound');
    }
  }

  /** Adds pc's ε-closure at `position` to `list`; returns the new length, or -1 on a match. */
  private add(
    list: Int32Array,
    length: number,
    start: number,
    position: number,
    points: readonly number[],
    meter: StepMeter,
  ): number {
    const stack = this.stack;
    stack.length = 0;
    stack.push(start);
    let size = length;
    while (stack.length > 0) {
      const pc = stack.pop() as number;
      if (this.marks[pc] === this.generation) continue;
      this.marks[pc] = this.generation;
      this.tick(meter);
      const inst = this.program[pc] as Inst;
      if (inst.op === 'match') return -1;
      if (inst.op === 'set') list[size++] = pc;
      else if (inst.op === 'jmp') stack.push(inst.x);
      else if (inst.op === 'split') stack.push(inst.y, inst.x);
      else if (holds(inst.kind, position, points)) stack.push(pc + 1);
    }
    return size;
  }
}

function holds(
  kind: 'bol' | 'eol' | 'wb' | 'nwb',
  position: number,
  points: readonly number[],
): boolean {
  if (kind === 'bol') return position === 0;
  if (kind === 'eol') return position === points.length;
  const boundary = isWordChar(points[position - 1]) !== isWordChar(points[position]);
  return kind === 'wb' ? boundary : !boundary;
}

/**
 * A tiny classic-BPF assembler: just the instructions a seccomp filter needs, forward jumps
 * to named labels, and the raw `struct sock_filter` encoding that `bwrap --seccomp FD` reads.
 */

/** Opcodes (`BPF_LD|BPF_W|BPF_ABS`, `BPF_JMP|BPF_JEQ|BPF_K`, …) of the emitted subset. */
export const BPF_OPCODES = {
  loadWordAbsolute: 0x20,
  jumpIfEqual: 0x15,
  jumpIfGreaterOrEqual: 0x35,
  returnConstant: 0x06,
} as const;

/** The kernel's BPF_MAXINSNS: a longer filter is refused with EINVAL. */
export const MAX_INSTRUCTIONS = 4096;
/** `jt`/`jf` are u8 offsets counted from the next instruction. */
export const MAX_JUMP_OFFSET = 255;
export const INSTRUCTION_BYTES = 8;

export type Instruction = { code: number; jt: number; jf: number; k: number };

/** A relative offset, or the name of a label further down. */
export type JumpTarget = number | string;
export type SymbolicInstruction = { code: number; jt: JumpTarget; jf: JumpTarget; k: number };
export type Label = { label: string };
export type AssemblyItem = SymbolicInstruction | Label;

export function loadWord(offset: number): SymbolicInstruction {
  return { code: BPF_OPCODES.loadWordAbsolute, jt: 0, jf: 0, k: offset };
}

export function jumpIfEqual(k: number, jt: JumpTarget, jf: JumpTarget = 0): SymbolicInstruction {
  return { code: BPF_OPCODES.jumpIfEqual, jt, jf, k };
}

/** Unsigned `A >= k`. */
export function jumpIfAtLeast(k: number, jt: JumpTarget, jf: JumpTarget = 0): SymbolicInstruction {
  return { code: BPF_OPCODES.jumpIfGreaterOrEqual, jt, jf, k };
}

export function returnValue(k: number): SymbolicInstruction {
  return { code: BPF_OPCODES.returnConstant, jt: 0, jf: 0, k };
}

export function label(name: string): Label {
  return { label: name };
}

function isLabel(item: AssemblyItem): item is Label {
  return 'label' in item;
}

function labelPositions(items: readonly AssemblyItem[]): Map<string, number> {
  const positions = new Map<string, number>();
  let index = 0;
  for (const item of items) {
    if (!isLabel(item)) {
      index += 1;
      continue;
    }
    if (positions.has(item.label)) throw new Error(`BPF label defined twice: ${item.label}`);
    positions.set(item.label, index);
  }
  return positions;
}

function resolveTarget(target: JumpTarget, at: number, labels: Map<string, number>): number {
  if (typeof target === 'number') return target;
  const position = labels.get(target);
  if (position === undefined) throw new Error(`BPF label not defined: ${target}`);
  const offset = position - (at + 1);
  if (offset < 0) throw new Error(`BPF jump to ${target} goes backwards (classic BPF forbids it)`);
  return offset;
}

/** Resolves labels into relative offsets; `encodeProgram` then checks the offsets fit. */
export function assemble(items: readonly AssemblyItem[]): Instruction[] {
  const labels = labelPositions(items);
  const program: Instruction[] = [];
  for (const item of items) {
    if (isLabel(item)) continue;
    const at = program.length;
    program.push({
      code: item.code,
      k: item.k,
      jt: resolveTarget(item.jt, at, labels),
      jf: resolveTarget(item.jf, at, labels),
    });
  }
  return program;
}

function checkInteger(value: number, max: number, what: string, at: number): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new Error(`BPF instruction ${at}: ${what} ${value} is outside 0..${max}`);
  }
}

function checkInstruction(insn: Instruction, at: number, length: number): void {
  checkInteger(insn.code, 0xffff, 'code', at);
  checkInteger(insn.k, 0xffffffff, 'k', at);
  checkInteger(insn.jt, MAX_JUMP_OFFSET, 'jump offset jt', at);
  checkInteger(insn.jf, MAX_JUMP_OFFSET, 'jump offset jf', at);
  const isJump =
    insn.code === BPF_OPCODES.jumpIfEqual || insn.code === BPF_OPCODES.jumpIfGreaterOrEqual;
  if (isJump && at + 1 + Math.max(insn.jt, insn.jf) >= length) {
    throw new Error(`BPF instruction ${at}: jump lands past the end of the program`);
  }
}

/** The raw `struct sock_filter` array, little-endian: u16 code, u8 jt, u8 jf, u32 k. */
export function encodeProgram(insns: readonly Instruction[]): Buffer {
  if (insns.length === 0) throw new Error('BPF program is empty');
  if (insns.length > MAX_INSTRUCTIONS) {
    throw new Error(`BPF program has ${insns.length} instructions, over ${MAX_INSTRUCTIONS}`);
  }
  // The kernel refuses a filter whose last instruction is not a return.
  if (insns[insns.length - 1]?.code !== BPF_OPCODES.returnConstant) {
    throw new Error('BPF program must end with a return');
  }
  const buffer = Buffer.alloc(insns.length * INSTRUCTION_BYTES);
  insns.forEach((insn, at) => {
    checkInstruction(insn, at, insns.length);
    const offset = at * INSTRUCTION_BYTES;
    buffer.writeUInt16LE(insn.code, offset);
    buffer.writeUInt8(insn.jt, offset + 2);
    buffer.writeUInt8(insn.jf, offset + 3);
    buffer.writeUInt32LE(insn.k, offset + 4);
  });
  return buffer;
}

import { BPF_OPCODES, INSTRUCTION_BYTES, MAX_INSTRUCTIONS, type Instruction } from './bpf.js';

/** What the kernel hands a seccomp filter for one syscall. */
export type SeccompData = {
  nr: number;
  arch: number;
  args?: readonly (bigint | number)[];
  instructionPointer?: bigint | number;
};

const SECCOMP_DATA_BYTES = 64;
const MAX_ARGS = 6;

/** Native (little-endian) `struct seccomp_data`, as seccomp filters load it. */
function seccompDataBuffer(data: SeccompData): Buffer {
  const args = data.args ?? [];
  if (args.length > MAX_ARGS) throw new Error(`a syscall has at most ${MAX_ARGS} arguments`);
  const buffer = Buffer.alloc(SECCOMP_DATA_BYTES);
  buffer.writeUInt32LE(data.nr >>> 0, 0);
  buffer.writeUInt32LE(data.arch >>> 0, 4);
  buffer.writeBigUInt64LE(BigInt.asUintN(64, BigInt(data.instructionPointer ?? 0)), 8);
  args.forEach((arg, index) => {
    buffer.writeBigUInt64LE(BigInt.asUintN(64, BigInt(arg)), 16 + 8 * index);
  });
  return buffer;
}

function decode(program: Buffer): Instruction[] {
  if (program.length === 0 || program.length % INSTRUCTION_BYTES !== 0) {
    throw new Error(`BPF program size ${program.length} is not a positive multiple of 8`);
  }
  if (program.length / INSTRUCTION_BYTES > MAX_INSTRUCTIONS) {
    throw new Error(`BPF program has more than ${MAX_INSTRUCTIONS} instructions`);
  }
  const insns: Instruction[] = [];
  for (let offset = 0; offset < program.length; offset += INSTRUCTION_BYTES) {
    insns.push({
      code: program.readUInt16LE(offset),
      jt: program.readUInt8(offset + 2),
      jf: program.readUInt8(offset + 3),
      k: program.readUInt32LE(offset + 4),
    });
  }
  return insns;
}

/** Mirrors the kernel's seccomp check: aligned word loads inside `struct seccomp_data`. */
function loadWord(data: Buffer, offset: number, pc: number): number {
  if (offset % 4 !== 0 || offset >= SECCOMP_DATA_BYTES) {
    throw new Error(`BPF instruction ${pc}: load at offset ${offset} is not allowed in seccomp`);
  }
  return data.readUInt32LE(offset);
}

function jump(insn: Instruction, taken: boolean): number {
  return 1 + (taken ? insn.jt : insn.jf);
}

/**
 * Runs a seccomp program on one syscall and returns its `SECCOMP_RET_*` value. Exactly the
 * subset `bpf.ts` emits (LD W ABS, JEQ K, JGE K, RET K); anything else throws.
 */
export function evaluate(program: Buffer, data: SeccompData): number {
  const insns = decode(program);
  const input = seccompDataBuffer(data);
  let accumulator = 0;
  let pc = 0;
  for (;;) {
    const insn = insns[pc];
    if (!insn) throw new Error(`BPF program ran past its end (pc ${pc})`);
    switch (insn.code) {
      case BPF_OPCODES.loadWordAbsolute:
        accumulator = loadWord(input, insn.k, pc);
        pc += 1;
        break;
      case BPF_OPCODES.jumpIfEqual:
        pc += jump(insn, accumulator === insn.k);
        break;
      case BPF_OPCODES.jumpIfGreaterOrEqual:
        pc += jump(insn, accumulator >= insn.k);
        break;
      case BPF_OPCODES.returnConstant:
        return insn.k;
      default:
        throw new Error(`BPF instruction ${pc}: unknown opcode 0x${insn.code.toString(16)}`);
    }
  }
}

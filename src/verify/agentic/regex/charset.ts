// Sets of code points as sorted, disjoint, inclusive ranges.

export type Ranges = readonly (readonly [number, number])[];

const MAX_CODE_POINT = 0x10ffff;

export const DIGIT: Ranges = [[48, 57]];
export const WORD: Ranges = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
// ECMAScript WhiteSpace and LineTerminator.
export const SPACE: Ranges = [
  [9, 13],
  [32, 32],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

/** Sorts and merges overlapping or adjacent ranges. */
export function normalize(ranges: Ranges): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [low, high] of sorted) {
    const last = merged[merged.length - 1];
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else merged.push([low, high]);
  }
  return merged;
}

export function complement(ranges: Ranges): [number, number][] {
  const result: [number, number][] = [];
  let next = 0;
  for (const [low, high] of normalize(ranges)) {
    if (low > next) result.push([next, low - 1]);
    next = high + 1;
  }
  if (next <= MAX_CODE_POINT) result.push([next, MAX_CODE_POINT]);
  return result;
}

/** Binary search in normalized ranges. */
export function contains(ranges: Ranges, point: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle] as readonly [number, number];
    if (point < range[0]) high = middle - 1;
    else if (point > range[1]) low = middle + 1;
    else return true;
  }
  return false;
}

export function isWordChar(point: number | undefined): boolean {
  return point !== undefined && contains(WORD, point);
}

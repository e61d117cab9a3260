import { OutputTail } from '../../src/sandbox/outputTail.js';

describe('OutputTail', () => {
  test('keeps everything within the limit, unflagged', () => {
    const tail = new OutputTail(10);
    tail.push(Buffer.from('abc'));
    tail.push(Buffer.from('def'));
    expect(tail.text()).toBe('abcdef');
    expect(tail.truncated).toBe(false);
  });

  test('keeps the last bytes across many chunks and flags the loss', () => {
    const tail = new OutputTail(5);
    for (const piece of ['abc', 'def', 'ghi']) tail.push(Buffer.from(piece));
    expect(tail.text()).toBe('efghi');
    expect(tail.truncated).toBe(true);
  });

  test('a single chunk larger than the limit keeps its end', () => {
    const tail = new OutputTail(4);
    tail.push(Buffer.from('xx'));
    tail.push(Buffer.from('0123456789'));
    expect(tail.text()).toBe('6789');
    expect(tail.truncated).toBe(true);
  });

  test('a chunk exactly filling an empty buffer loses nothing', () => {
    const tail = new OutputTail(4);
    tail.push(Buffer.from('abcd'));
    expect(tail.text()).toBe('abcd');
    expect(tail.truncated).toBe(false);
  });

  test('a zero limit keeps nothing and flags any output', () => {
    const tail = new OutputTail(0);
    tail.push(Buffer.from('x'));
    expect(tail.text()).toBe('');
    expect(tail.truncated).toBe(true);
  });
});

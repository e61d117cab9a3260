import { parseRetryAfter, retryDelay, DEFAULT_HTTP_POLICY } from '../../src/providers/http.js';
import { boundText, boundUtf8, redactSecrets, REDACTED } from '../../src/providers/redact.js';
import { toolCallFromText } from '../../src/providers/shape.js';

describe('redactSecrets', () => {
  const key = 'sk-live-abcdefghijklmnopqrstuvwxyz';

  test('removes every full occurrence', () => {
    expect(redactSecrets(`a ${key} b ${key}`, [key])).toBe(`a ${REDACTED} b ${REDACTED}`);
  });

  test('removes fragments of 12+ characters of a long key, keeps shorter overlaps', () => {
    const text = `prefix ${key.slice(0, 14)}*** suffix ${key.slice(-12)} tail sk-live-`;
    expect(redactSecrets(text, [key])).toBe(
      `prefix ${REDACTED}*** suffix ${REDACTED} tail sk-live-`,
    );
  });

  test('redacts short keys in full and ignores empty ones', () => {
    expect(redactSecrets('token abc here', ['abc', ''])).toBe(`token ${REDACTED} here`);
  });
});

describe('bounds', () => {
  test('boundUtf8 never splits a character and respects the byte limit', () => {
    const text = 'é'.repeat(10); // 2 bytes each
    expect(boundUtf8(text, 5)).toBe('éé');
    expect(boundUtf8('abc', 5)).toBe('abc');
  });

  test('boundText flattens whitespace and marks a cut', () => {
    expect(boundText('a\n\n b', 10)).toBe('a b');
    expect(boundText('abcdefghij', 5)).toBe('abcd…');
  });

  test('raw tool arguments are bounded to 2 KiB', () => {
    const call = toolCallFromText('id', 'n', 'ü'.repeat(3000));
    expect(call.arguments).toBeUndefined();
    expect(Buffer.byteLength(call.rawArguments)).toBe(2048);
  });
});

describe('retry timing', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  test.each<[Record<string, string>, number | undefined]>([
    [{ 'retry-after': '2' }, 2000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after': 'Wed, 01 Jan 2025 00:00:07 GMT' }, 7000],
    [{ 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' }, 0],
    [{ 'retry-after': 'soon' }, undefined],
    [{ 'retry-after-ms': '250', 'retry-after': '9' }, 250],
    [{}, undefined],
  ])('parseRetryAfter(%j) = %s', (headers, expected) => {
    expect(parseRetryAfter(new Headers(headers), now)).toBe(expected);
  });

  test('retryDelay caps both the server wait and the exponential backoff', () => {
    const policy = { ...DEFAULT_HTTP_POLICY, backoffMs: 1000, maxDelayMs: 4000 };
    expect(retryDelay(policy, 0, 60_000)).toBe(4000);
    expect(retryDelay(policy, 0, 10)).toBe(10);
    for (let i = 0; i < 50; i++) {
      expect(retryDelay(policy, 5)).toBeGreaterThanOrEqual(2000);
      expect(retryDelay(policy, 5)).toBeLessThanOrEqual(4000);
    }
  });
});

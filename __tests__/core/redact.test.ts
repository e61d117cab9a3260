// The redaction rule itself: whole credentials and every 12-character piece of one, in text
// and in JSON (values and keys), with a floor below which a "secret" is not redacted, and
// schema bounds kept after markers replace short secrets.
import { noRedaction, REDACTED, secretRedactor } from '../../src/core/redact.js';
import { redactOutcome, redactReport } from '../../src/core/redactOutcome.js';
import type { RunReport } from '../../src/core/report/model.js';
import type { AuditTrail, VerificationOutcome } from '../../src/core/types.js';
import { validateAgainst } from '../../src/schemas/validate.js';

const KEY = 'sk-live-0123456789abcdefghij';

test('a whole secret and any 12-character run of it are redacted; 11 characters are not', () => {
  const redactor = secretRedactor([KEY]);
  expect(redactor.text(`key=${KEY}.`)).toBe(`key=${REDACTED}.`);
  expect(redactor.text(`tail …${KEY.slice(8, 20)}… end`)).toBe(`tail …${REDACTED}… end`);
  expect(redactor.text(`short ${KEY.slice(0, 11)}`)).toBe(`short ${KEY.slice(0, 11)}`);
  expect(redactor.text(`${KEY.slice(0, 14)}${KEY.slice(10)}`)).toBe(REDACTED);
});

test('secrets under 8 characters are ignored; 8 to 11 are redacted only whole', () => {
  const redactor = secretRedactor(['true', 'admin12', 'pw-12345', undefined, '']);
  expect(redactor.secrets).toEqual(['pw-12345']);
  expect(redactor.text('true admin12 pw-12345 pw-1234')).toBe(`true admin12 ${REDACTED} pw-1234`);
});

test('JSON: every string and every key is redacted, colliding keys both stay, __proto__ stays a key', () => {
  const redactor = secretRedactor([KEY]);
  const evidence = JSON.parse(
    `{"${KEY}": 1, "x${KEY}": [{"h": "Bearer ${KEY}"}], "__proto__": "${KEY}", "n": 3}`,
  ) as Record<string, unknown>;
  const out = redactor.json(evidence as never) as Record<string, unknown>;
  expect(Object.keys(out)).toEqual([REDACTED, `x${REDACTED}`, '__proto__', 'n']);
  expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toBe(REDACTED);
  expect(out[`x${REDACTED}`]).toEqual([{ h: `Bearer ${REDACTED}` }]);
  const collide = redactor.json({ [`a${KEY}`]: 1, [`a${KEY.slice(1)}`]: 2 }) as object;
  expect(Object.keys(collide)).toEqual([`a${REDACTED}`, `a${REDACTED} (2)`]);
});

test('an outcome keeps its schema bounds when markers are longer than the secrets they replace', () => {
  const short = 'p4ss-w0rd';
  const outcome: VerificationOutcome = {
    verdict: 'fail',
    evidence: { said: short },
    error: { category: 'crash', message: short.repeat(455) },
    usage: { durationMs: 1, tokens: 0, costUsd: 0 },
    attempts: 1,
    isolation: 'none',
    locations: [{ path: `a/${short}.md`, line: 2, message: short.repeat(227) }],
    votes: [
      { verdict: 'fail', evidence: [short], usage: { durationMs: 1, tokens: 0, costUsd: 0 } },
    ],
  };
  const out = redactOutcome(secretRedactor([short]), outcome);
  expect(JSON.stringify(out)).not.toContain(short);
  expect(out.error?.message.length).toBe(4096);
  expect(out.locations?.[0]?.message.length).toBeLessThanOrEqual(2048);
  expect(out.locations?.[0]?.path).toBe(`a/${REDACTED}.md`);
  expect(out.votes?.[0]?.evidence).toEqual([REDACTED]);
  expect(redactOutcome(noRedaction, outcome)).toBe(outcome);
});

test('a report: node evidence, errors, reasons, asserts and warnings are redacted; ids are not', () => {
  const report = {
    schemaVersion: '1',
    runId: 'r1',
    graph: { id: 'g', digest: `sha256:${'0'.repeat(64)}` },
    rootState: 'failure',
    nodes: {
      a: {
        kind: 'leaf',
        title: 'A',
        state: 'failure',
        inherited: true,
        evidence: { k: KEY },
        reason: `because ${KEY}`,
        assert: { state: 'failure', inherited: false, error: { category: 'crash', message: KEY } },
      },
    },
    totals: { verified: 0, inherited: 1, blocked: 0, tokens: 0, costUsd: 0, wallMs: 0 },
    warnings: [{ code: 'store', message: `cache said ${KEY}` }],
  } as unknown as RunReport;
  const out = redactReport(secretRedactor([KEY]), report);
  expect(JSON.stringify(out)).not.toContain(KEY.slice(0, 12));
  expect(Object.keys(out.nodes)).toEqual(['a']);
  expect(out.nodes.a?.reason).toBe(`because ${REDACTED}`);
  expect(out.nodes.a?.assert?.error?.message).toBe(REDACTED);
  expect(out.warnings[0]?.message).toBe(`cache said ${REDACTED}`);
});

test('an audit trail: tool arguments, tool names and errors are redacted and stay within their bounds', () => {
  const short = 'p4ss-w0rd';
  const args = JSON.stringify({ pattern: short.repeat(54) });
  expect(args.length).toBeLessThanOrEqual(512);
  const audit: AuditTrail = {
    instruction: 'Check the README.',
    model: { kind: 'openai', id: 'm', alias: 'default' },
    toolCallsVisible: true,
    verifications: [
      {
        verdict: 'fail',
        toolCalls: [
          { turn: 0, tool: 'search_text', arguments: args, bytesReturned: 9, ok: true },
          {
            turn: 0,
            tool: `read_${KEY}`,
            arguments: `{"path":"${KEY}"}`,
            bytesReturned: 40,
            ok: false,
            error: `unknown tool read_${KEY}`,
          },
        ],
        omittedToolCalls: 0,
      },
    ],
  };
  const outcome: VerificationOutcome = {
    verdict: 'fail',
    evidence: { said: 'no' },
    usage: { durationMs: 1, tokens: 0, costUsd: 0 },
    attempts: 1,
    isolation: 'none',
    audit,
  };
  const out = redactOutcome(secretRedactor([short, KEY]), outcome);
  expect(JSON.stringify(out)).not.toContain(short);
  expect(JSON.stringify(out)).not.toContain(KEY.slice(0, 12));
  const [search, read] = out.audit?.verifications[0]?.toolCalls ?? [];
  expect(search?.arguments.length).toBeLessThanOrEqual(512);
  expect(search?.arguments).toMatch(/^\{"pattern":"(\[REDACTED\])+.*…\[\d+ chars\]$/);
  expect(read).toEqual({
    turn: 0,
    tool: `read_${REDACTED}`,
    arguments: `{"path":"${REDACTED}"}`,
    bytesReturned: 40,
    ok: false,
    error: `unknown tool read_${REDACTED}`,
  });
  expect(validateAgainst('record', { ...RECORD, audit: out.audit })).toMatchObject({ ok: true });

  const report = {
    schemaVersion: '1',
    runId: 'r1',
    graph: { id: 'g', digest: `sha256:${'0'.repeat(64)}` },
    rootState: 'failure',
    nodes: {
      a: { kind: 'leaf', title: 'A', state: 'failure', inherited: true, audit },
      b: {
        kind: 'composite',
        title: 'B',
        state: 'failure',
        inherited: false,
        assert: { state: 'failure', inherited: true, audit },
      },
    },
    totals: { verified: 0, inherited: 1, blocked: 0, tokens: 0, costUsd: 0, wallMs: 0 },
    warnings: [],
  } as unknown as RunReport;
  const redacted = redactReport(secretRedactor([short, KEY]), report);
  expect(JSON.stringify(redacted)).not.toContain(short);
  expect(JSON.stringify(redacted)).not.toContain(KEY.slice(0, 12));
  expect(redacted.nodes.b?.assert?.audit?.verifications[0]?.toolCalls?.[1]?.tool).toBe(
    `read_${REDACTED}`,
  );
});

const RECORD = {
  schemaVersion: '1',
  goalId: 'a',
  role: 'leaf',
  runId: 'r1',
  graphDigest: `sha256:${'0'.repeat(64)}`,
  captureDigest: `sha256:${'1'.repeat(64)}`,
  gmDigest: `sha256:${'2'.repeat(64)}`,
  verifier: { mode: 'agentic', instruction: 'Check the README.', votes: 1, model: 'm' },
  verdict: 'fail',
  evidence: { said: 'no' },
  usage: { durationMs: 1, tokens: 0, costUsd: 0 },
  attempts: 1,
  isolation: 'none',
  settledAt: '2026-01-01T00:00:00.000Z',
};

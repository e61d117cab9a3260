// The escaping primitives every GitHub renderer relies on, checked on arbitrary input.
import fc from 'fast-check';
import { codeBlock, escapeText } from '../../../src/reporting/github/markdown.js';
import { decodeEntities, parseFences } from './markdownCheck.js';

describe('the escaping primitives', () => {
  it('escapeText leaves one line with no markup character, and reads back as the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const escaped = escapeText(text);
        const bare = escaped.replace(/&#\d+;/g, '');
        expect(bare).not.toMatch(/[\\`*_[\]()<>#+\-.!|~@$:&\n\r\u2028\u2029]/);
        const seen = text
          // eslint-disable-next-line no-control-regex
          .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g, '')
          .replace(/[\u202a-\u202e\u2066-\u2069]/g, '\uFFFD')
          .replace(/\r\n|[\r\n\u0085\u2028\u2029\t]/g, ' ')
          .trim();
        expect(decodeEntities(escaped)).toBe(seen);
      }),
      { numRuns: 500 },
    );
  });

  it('codeBlock content can never close its fence', () => {
    const unit = fc.constantFrom('`', '~', '\n', '\r', '\u0007', ' ', 'a', '</details>', '```');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), (content) => {
        const { fences, outside } = parseFences(`${codeBlock(content, 'json')}\nafter`);
        const cleaned = content.split('\u0007').join('').replace(/\r\n?/g, '\n');
        expect(fences).toEqual([{ info: 'json', content: cleaned.replace(/\n$/, '') }]);
        expect(outside).toEqual(['after']);
      }),
      // A control character between backtick runs is removed, joining them.
      { numRuns: 1000, examples: [['``\u0007``'], ['a\n`\u0007`\u0007`\nb'], ['```\r\n````']] },
    );
  });
});

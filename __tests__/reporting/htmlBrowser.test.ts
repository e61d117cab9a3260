// The HTML report in a real browser (Debian's headless Chromium): a run's page is read in
// seconds — 20 passing goals fit in two screens, what failed is on the first, and the "failed
// only" switch works with the page's scripts off (it has none).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumPresent, launchChromium, type Browser } from '../support/browser/chromium.js';
import { allOf, dog, workspace } from '../e2e/harness.js';

const VIEWPORT = { width: 1280, height: 800 };
const required = process.env.DOG_BROWSER_REQUIRED === '1';
const present = chromiumPresent();
const suite = present ? describe : describe.skip;

if (!present) {
  if (required)
    test('Chromium must be installed here (DOG_BROWSER_REQUIRED=1)', () => {
      expect(present).toBe(true);
    });
  else
    // A visible line, not a silent skip: the README's test command runs without Chromium.
    process.stderr.write('htmlBrowser: /usr/bin/chromium not found, the browser tests skip\n');
}

async function htmlOf(files: Record<string, string>, leaves: string[]): Promise<string> {
  const specs = Object.fromEntries(
    leaves.map((id) => [id, { target: `files/${id}.json`, script: 'json.valid' }]),
  );
  const ws = await workspace(files, allOf(specs), { isolation: 'none' });
  const result = await dog(['run', '--html', 'report.html'], ws);
  expect([0, 1]).toContain(result.code);
  return join(ws, 'report.html');
}

const ids = Array.from({ length: 20 }, (_, i) => `goal-${String(i + 1).padStart(2, '0')}`);
const passing = Object.fromEntries(ids.map((id) => [`files/${id}.json`, '{"ok": true}\n']));

suite('the HTML report in Chromium', () => {
  let browser: Browser;
  let shots: string;
  beforeAll(async () => {
    browser = await launchChromium();
    shots = await mkdtemp(join(tmpdir(), 'dog-report-shots-'));
  }, 60_000);
  afterAll(async () => browser?.close());

  test('20 passing goals fit in two screens, every goal collapsed', async () => {
    const file = await htmlOf(passing, ids);
    const page = await browser.open(pathToFileURL(file).href, VIEWPORT);
    const height = await page.evaluate<number>('document.documentElement.scrollHeight');
    await writeFile(join(shots, 'passing.png'), await page.screenshot());
    expect(height).toBeLessThanOrEqual(2 * VIEWPORT.height);
    expect(await page.evaluate<number>('document.querySelectorAll("details[open]").length')).toBe(
      0,
    );
    const text = await page.evaluate<string>('document.body.innerText');
    expect(text).toContain('Nothing failed and nothing waits for a person.');
  }, 60_000);

  test('what failed is on the first screen, and "failed only" hides the rest without scripts', async () => {
    const files = { ...passing, 'files/goal-07.json': '{"ok": true,\n  "broken"\n}\n' };
    const file = await htmlOf(files, ids);
    const html = await readFile(file, 'utf8');
    expect(html).not.toMatch(/<script/i);
    const page = await browser.open(pathToFileURL(file).href, VIEWPORT);
    const top = await page.evaluate<number>(
      'document.querySelector(".problems li").getBoundingClientRect().top',
    );
    expect(top).toBeLessThan(VIEWPORT.height);
    const attention = await page.evaluate<string>('document.querySelector(".problems").innerText');
    expect(attention).toMatch(/goal-07/);
    expect(attention).not.toMatch(/goal-08/);
    const visible =
      'Array.from(document.querySelectorAll("main li")).filter((li) => li.offsetParent !== null).length';
    expect(await page.evaluate<number>(visible)).toBe(21);
    await page.evaluate('document.querySelector("label[for=failed-only]").click()');
    await writeFile(join(shots, 'failed-only.png'), await page.screenshot());
    // The root (it holds the failure) and the failing goal; the 19 passing ones are hidden.
    expect(await page.evaluate<number>(visible)).toBe(2);
  }, 60_000);
});

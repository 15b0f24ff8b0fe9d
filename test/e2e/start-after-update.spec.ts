import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { StartProgress } from '../../shared/domain/start-progress';
import type { Result } from '../../shared/errors';
import { fillOldChain, insertRow, journalAtVersion, versionOf } from '../support/journal-versions';
import { hostArguments } from '../support/test-build';
import { axeViolations } from './axe';

// A start after an update on a large journal: the migrations take their time on a thread of their own,
// while the page shows the step, how much is done and the time left in both languages, and every call
// (a sale first) is refused until the counter is ready; then the counter opens as always.

// axe is added to the page as a script of the test's own.
test.use({ bypassCSP: true });

const root = resolve(import.meta.dirname, '../..');
/** The last schema before the chain was rebuilt: the start runs the migrations that rebuild it. */
const BEFORE_REBUILD = versionOf('-chain-hashes-as-bytes') - 1;
/** Links enough for a start of several seconds here (about 10 s; 200,000 take about 20 s). */
const LINKS = 100_000;

/** The lines a host prints, as they come. */
function linesOf(stream: NodeJS.ReadableStream): (match: RegExp) => Promise<RegExpMatchArray> {
  let text = '';
  const waiting = new Set<() => void>();
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    for (const wake of [...waiting]) wake();
  });
  return (match) =>
    new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`the host never printed ${match}:\n${text}`)), 60_000);
      const look = (): void => {
        const found = text.match(match);
        if (!found) return;
        clearTimeout(timer);
        waiting.delete(look);
        done(found);
      };
      waiting.add(look);
      look();
    });
}

test('a start after an update shows its progress in both languages and sells nothing until it is done', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-update-'));
  let host: ChildProcess | null = null;
  try {
    const journal = journalAtVersion(join(dataDir, 'journal.sqlite'), BEFORE_REBUILD);
    insertRow(journal, 'settings', { key: 'counter.id', value_json: JSON.stringify('C1') });
    fillOldChain(journal, 'C1', LINKS, '2026-11-23T10:00:00.000Z');
    journal.close();

    host = spawn(process.execPath, [...hostArguments(), '--port', '0', '--data-dir', dataDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ESIM_TEST_KEYCHAIN_SERVICE: `esim-counter-e2e-${basename(dataDir)}` },
    });
    const stderr = linesOf(host.stderr as NodeJS.ReadableStream);
    const stdout = linesOf(host.stdout as NodeJS.ReadableStream);
    const [, url] = (await stderr(/follow it at (\S+)/)) as RegExpMatchArray & [string, string];
    const origin = new URL(url).origin;
    const token = new URL(url).hash.replace(/^#token=/, '');
    const call = async (method: string, input: unknown): Promise<Result<unknown>> =>
      (await (
        await fetch(`${origin}/api/${method}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(input),
        })
      ).json()) as Result<unknown>;

    // Nothing is sold while the journal is being updated.
    const sale = await call('sell', {
      packageCode: 'ANY',
      quantity: 1,
      quotedTotal: { amount: 100, currency: 'USD' },
    });
    expect(sale.ok ? null : sale.error.code).toBe('COUNTER_STARTING');
    const progress = sale.ok ? null : (sale.error.details as { progress: StartProgress | null }).progress;
    expect(progress?.step).toMatch(/^(copy|update)$/);
    expect(progress?.done).toBeGreaterThanOrEqual(0);
    expect(progress?.done).toBeLessThan(1);

    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'The counter is updating its journal' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'نقطة البيع تحدّث سجلها' })).toBeVisible();
    const english = page.locator('section[lang="en"]');
    const arabic = page.locator('section[lang="ar"]');
    await expect(
      english.getByText(/^Step \d+ of \d+: (Keeping a copy of the journal|Updating the journal)$/),
    ).toBeVisible();
    await expect(arabic.getByText(/^الخطوة .+ من .+: (حفظ نسخة من السجل|تحديث السجل)$/)).toBeVisible();
    await expect(english.getByRole('progressbar', { name: 'Progress' })).toBeVisible();
    await expect(arabic.getByRole('progressbar', { name: 'التقدّم' })).toBeVisible();
    // The time left, once there is a pace to go by; the page asks again every half second.
    await expect(english.getByText(/ · About .+ left$/)).toBeVisible({ timeout: 30_000 });
    await expect(arabic.getByText(/ · يتبقّى نحو .+$/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await stdout(/^\{.*"url"/m);
    await expect(page.getByRole('heading', { name: 'The counter is updating its journal' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
    const status = await call('getStatus', {});
    expect(status.ok).toBe(true);
  } finally {
    if (host && host.exitCode === null) {
      const exited = new Promise((done) => host?.once('exit', done));
      host.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

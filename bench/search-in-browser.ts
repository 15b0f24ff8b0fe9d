import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { BenchOptions } from './options';
import { ms, percentile } from './options';
import { type HostReady, RAISED, RAISED_RATE_LIMIT, startProcess, startSimulatorProcess } from './processes';

/**
 * The counter's search as a cashier meets it: the renderer in Chromium (/usr/bin/chromium) through
 * the web host, on the simulator's real catalogue (where many packages carry no country list), each
 * realistic query typed one key at a time, timed from the input event to the frame after the results
 * were painted. Recall is printed beside speed: the English and Arabic names of one country should
 * find the same packages. Needs the renderer built (`npx electron-vite build`).
 */

const QUERIES: readonly string[] = [
  'germany',
  'germny',
  'united kingdom',
  'spain 10gb',
  'العراق',
  'عراق',
  'إسبانيا',
  'اسبانيا',
  'europe',
  'FR',
];

/** One country by its English and Arabic names. */
const SAME_COUNTRY: ReadonlyArray<readonly [string, string]> = [
  ['spain', 'إسبانيا'],
  ['iraq', 'العراق'],
  ['germany', 'ألمانيا'],
  ['turkey', 'تركيا'],
];

/**
 * Sets the search field to `text` as one keystroke does and resolves with ms to the painted frame
 * after. Sent as source text: this file is compiled for Node, the function runs in the page.
 */
function keystroke(page: Page, text: string): Promise<number> {
  return page.evaluate<number>(`(() => {
    const input = document.querySelector('#destination-search');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const start = performance.now();
    setValue.call(input, ${JSON.stringify(text)});
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // The frame's callbacks run before it is painted; a task queued from them runs after the paint.
    return new Promise((done) =>
      requestAnimationFrame(() => setTimeout(() => done(performance.now() - start), 0)),
    );
  })()`);
}

async function resultCount(page: Page): Promise<number> {
  const text = (await page.locator('.result-count').first().textContent()) ?? '';
  return Number((text.match(/[\d,]+/)?.[0] ?? 'NaN').replaceAll(',', ''));
}

export async function run(options: BenchOptions): Promise<void> {
  console.log('\n## Search in Chromium through the web host: input to painted results');
  if (!existsSync(resolve(import.meta.dirname, '../out/renderer/index.html'))) {
    console.log('not measured: the renderer is not built (run `npx electron-vite build` first)');
    return;
  }
  const sim = await startSimulatorProcess({ latencyMs: 0, rateLimit: RAISED_RATE_LIMIT });
  const host = await startProcess<HostReady>(
    'bench/counter-host.ts',
    ['--api-base-url', sim.ready.baseUrl, '--raised-limits', String(RAISED)],
    { ESIM_ACCESS_CODE: sim.ready.accessCode, ESIM_SECRET_KEY: sim.ready.secretKey },
  );
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    await page.goto(`${host.ready.origin}/#token=${host.ready.token}`);
    await page.locator('#destination-search').waitFor();
    // The catalogue has arrived once an empty search lists packages.
    await page.locator('.result-count', { hasText: /[1-9]/ }).first().waitFor();
    const packages = await resultCount(page);
    const rounds = options.quick ? 1 : 5;
    const times: number[] = [];
    const perQuery: string[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const query of QUERIES) {
        await keystroke(page, '');
        const mine: number[] = [];
        for (let i = 1; i <= query.length; i++) mine.push(await keystroke(page, query.slice(0, i)));
        times.push(...mine);
        if (round === rounds - 1) {
          const sorted = mine.sort((a, b) => a - b);
          perQuery.push(
            `| "${query}" | ${await resultCount(page)} | ${ms(percentile(sorted, 50))} | ${ms(sorted.at(-1) ?? Number.NaN)} |`,
          );
        }
      }
    }
    console.log(
      `simulator's catalogue: ${packages} packages; ${rounds} round(s) of every query typed key by key`,
    );
    console.log('');
    console.log('| query | found | keystroke median | keystroke max |');
    console.log('|---|---|---|---|');
    for (const line of perQuery) console.log(line);
    const sorted = times.sort((a, b) => a - b);
    console.log(
      `all ${sorted.length} keystrokes: p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))} (a 60 Hz frame is 16.7 ms)`,
    );
    console.log('');
    console.log('| country | English finds | Arabic finds |');
    console.log('|---|---|---|');
    for (const [english, arabic] of SAME_COUNTRY) {
      await keystroke(page, english);
      const en = await resultCount(page);
      await keystroke(page, arabic);
      const ar = await resultCount(page);
      console.log(`| ${english} / ${arabic} | ${en} | ${ar} |`);
    }
  } finally {
    await browser.close();
    await host.stop();
    await sim.stop();
  }
}

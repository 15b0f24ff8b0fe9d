import { expect, test } from './counter-fixture';
import { counterWithADay, MAIN_SCREENS, openScreen } from './every-screen';

// A 1280 px wide window at 200 % zoom lays out as a 640 px one (WCAG 1.4.10, reflow).
test.use({ viewport: { width: 640, height: 800 } });

// Evaluated in the page (this project has no DOM types): how far the page reaches past the window,
// and the first elements that reach out of it, to say where a failure comes from.
const SIDEWAYS = `(() => {
  const root = document.documentElement;
  const out = [...document.querySelectorAll('body *')]
    .filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > root.clientWidth + 1 || box.left < -1);
    })
    .slice(0, 5)
    .map((element) => element.tagName.toLowerCase() + '.' + [...element.classList].join('.'));
  return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, out };
})()`;

interface Sideways {
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly out: readonly string[];
}

for (const language of ['en', 'ar'] as const) {
  test(`no main screen scrolls sideways in a 640 px window, in ${language}`, async ({ page, counter }) => {
    await counterWithADay(page, counter, language);
    const widths: Record<string, Sideways> = {};
    const over: string[] = [];
    for (const screen of MAIN_SCREENS) {
      await openScreen(page, screen.key);
      const measured = await page.evaluate<Sideways>(SIDEWAYS);
      widths[screen.name] = measured;
      if (measured.scrollWidth > measured.clientWidth) over.push(screen.name);
    }
    expect(over, JSON.stringify(widths)).toEqual([]);
  });
}

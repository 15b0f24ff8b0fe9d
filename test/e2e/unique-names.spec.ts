import { expect, test } from './counter-fixture';
import { counterWithADay, MAIN_SCREENS, openScreen } from './every-screen';

/**
 * The buttons and links of one screen, by the names Chromium's accessibility tree gives them: a name
 * that stands twice cannot be told apart by speech or a screen reader's list of controls.
 */
function twice(snapshot: string): string[] {
  const names = [...snapshot.matchAll(/^\s*- (button|link) "((?:[^"\\]|\\.)*)"/gm)].map(
    ([, role, name]) => `${role} "${name}"`,
  );
  return [...new Set(names.filter((name, i) => names.indexOf(name) !== i))];
}

for (const language of ['en', 'ar'] as const) {
  test(`no button or link name stands twice on one screen, in ${language}`, async ({ page, counter }) => {
    await counterWithADay(page, counter, language);
    const repeated: Record<string, string[]> = {};
    for (const screen of MAIN_SCREENS) {
      await openScreen(page, screen.key);
      const found = twice(await page.locator('body').ariaSnapshot());
      if (found.length > 0) repeated[screen.name] = found;
    }
    expect(repeated).toEqual({});
  });
}

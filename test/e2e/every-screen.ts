import type { Page } from '@playwright/test';
import type { Language } from '../../shared/domain/common';
import { type Counter, expect } from './counter-fixture';
import { aliceOnShift, cheapestForCash } from './staff';

/** The counter's main screens, by the key that opens each (renderer/src/components/NavBar.tsx). */
export const MAIN_SCREENS = [
  { name: 'sell', key: 'F2' },
  { name: 'topup', key: 'F3' },
  { name: 'pending', key: 'F4' },
  { name: 'shift', key: 'F6' },
  { name: 'today', key: 'F7' },
  { name: 'settings', key: 'F8' },
] as const;

/**
 * A counter with something on every screen: Alice on a shift, a sale paid in cash (Today lists it),
 * open in `language`.
 */
export async function counterWithADay(page: Page, counter: Counter, language: Language): Promise<void> {
  await aliceOnShift(counter);
  await cheapestForCash(counter);
  await counter.open(page);
  if (language === 'ar') await page.keyboard.press('F9');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Opens a main screen by its key and waits until it is the one shown. */
export async function openScreen(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await expect(page.locator('[role="tab"][aria-selected="true"]')).toHaveAttribute('aria-keyshortcuts', key);
}

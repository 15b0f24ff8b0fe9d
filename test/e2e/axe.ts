import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * Accessibility checked by axe-core in the page itself, on the rules for WCAG 2.1 A and AA and
 * axe's best practices (one `main`, one `h1`, everything inside a landmark).
 */

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  /** CSS selectors of the offending elements. */
  readonly targets: readonly string[];
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

// Evaluated in the page (this project has no DOM types): axe's own result, reduced to what a failure names.
const RUN_AXE = `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(RULES)} } }).then((result) =>
  result.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  })),
)`;

export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate<boolean>('typeof axe !== "undefined"')))
    await page.addScriptTag({ path: axeSource });
  return page.evaluate<AxeViolation[]>(RUN_AXE);
}

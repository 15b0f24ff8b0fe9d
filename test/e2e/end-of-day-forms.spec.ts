import type { Cashier } from '../../shared/domain/cashier';
import { expect, test } from './counter-fixture';
import { ALICE_PIN, approveManagerTools, managerApproval } from './staff';

/**
 * The end-of-day forms in Arabic, in Chromium through the web host: a refused field is named in the
 * cashier's language and highlighted, a wrong PIN says whose it was, and the manager changes a
 * cashier (a cashier who left is no longer offered at sign-in; their records stay).
 */

const BOB_PIN = '8642';

test('the shift forms say what was wrong in Arabic, and a manager marks a cashier who left', async ({
  page,
  counter,
}) => {
  const approval = await managerApproval(counter);
  await counter.api('addCashier', { name: 'Alice', role: 'cashier', pin: ALICE_PIN, approval });
  await counter.api('addCashier', { name: 'Bob', role: 'cashier', pin: BOB_PIN, approval });
  await counter.open(page);
  await page.keyboard.press('F9');
  await page.keyboard.press('F6');

  // A wrong PIN names the cashier it was tried for, not the manager.
  const signIn = page.getByRole('form', { name: 'تسجيل الدخول' });
  const who = signIn.getByRole('combobox', { name: 'من', exact: true });
  await who.selectOption({ label: 'Bob' });
  await signIn.getByLabel('الرمز السري', { exact: true }).fill('0000');
  await signIn.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expect(signIn.getByRole('alert')).toContainText('هذا ليس رمز Bob.');
  await who.selectOption({ label: 'Alice' });
  await signIn.getByLabel('الرمز السري', { exact: true }).fill(ALICE_PIN);
  await signIn.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await page.getByLabel('رصيد الافتتاح USD').fill('100');
  await page.getByRole('button', { name: 'فتح الوردية' }).click();

  // A pay-out for "other" without a note: the core's refusal, in Arabic, on the note field.
  const moves = page.getByRole('region', { name: 'إيداع أو سحب' });
  await moves.getByRole('combobox', { name: 'السبب', exact: true }).selectOption('other');
  await moves.getByLabel('المبلغ', { exact: true }).fill('5');
  const note = moves.getByLabel('ملاحظة', { exact: true });
  await expect(note).not.toHaveAttribute('aria-invalid', 'true');
  await moves.getByRole('button', { name: 'تسجيل', exact: true }).click();
  await expect(moves.getByRole('alert')).toContainText('اكتب السبب في الحقل المحدد.');
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await note.fill('أكياس');
  await moves.getByRole('button', { name: 'تسجيل', exact: true }).click();
  await expect(moves.getByText('سُجّل.')).toBeVisible();
  await expect(note).not.toHaveAttribute('aria-invalid', 'true');

  // The manager marks that Bob left: he is no longer offered at sign-in, and stays in the journal.
  await approveManagerTools(page, 'ar');
  const edit = page.getByRole('form', { name: 'تعديل كاشير' });
  await edit.getByRole('combobox', { name: 'الكاشير', exact: true }).selectOption({ label: 'Bob' });
  await edit.getByRole('checkbox').uncheck();
  await edit.getByRole('button', { name: 'تعديل كاشير', exact: true }).click();
  await expect(edit.getByText('حُفظ.')).toBeVisible();
  const { cashiers } = await counter.api<{ cashiers: Cashier[] }>('listCashiers');
  expect(cashiers.find((cashier) => cashier.name === 'Bob')).toMatchObject({ active: false });
  await expect(who.getByRole('option', { name: 'Bob' })).toHaveCount(0);
});

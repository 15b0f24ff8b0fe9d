import type { Cashier } from '../../shared/domain/cashier';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { ALICE_PIN, MANAGER_PIN, managerApproval } from './staff';

// The manager tools on the Shift screen ask for the manager's approval once, when they open; each
// tool sends it and the core checks it again; closing the tools forgets it.
test.use({ bypassCSP: true });

const WORDS = {
  en: {
    tools: 'Manager',
    approveForm: 'Approve the manager tools',
    pin: 'Manager PIN',
    approve: 'Approve',
    wrongPin: 'That is not',
    addForm: 'Add cashier',
    name: 'Name',
    theirPin: 'Their PIN',
    saved: 'Saved.',
    chainForm: 'Check the journal',
    chainOk: 'The journal holds',
  },
  ar: {
    tools: 'المدير',
    approveForm: 'موافقة المدير على أدوات المدير',
    pin: 'رمز المدير',
    approve: 'موافقة',
    wrongPin: 'رمز المدير خاطئ',
    addForm: 'إضافة كاشير',
    name: 'الاسم',
    theirPin: 'رمزه السري',
    saved: 'حُفظ.',
    chainForm: 'افحص السجل',
    chainOk: 'السجل سليم',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];

  test(`a manager approves the manager tools once for two tools, in ${language}`, async ({
    page,
    counter,
  }) => {
    await managerApproval(counter);
    await counter.open(page);
    if (language === 'ar') await page.keyboard.press('F9');
    await page.keyboard.press('F6');

    const summary = page.locator('.manager-tools > summary');
    await expect(summary).toHaveText(w.tools);
    await summary.click();
    const approveForm = page.getByRole('form', { name: w.approveForm });
    await expect(approveForm).toBeVisible();
    // No tool is there before the approval.
    await expect(page.getByRole('form', { name: w.addForm })).toHaveCount(0);
    expect(await axeViolations(page), 'the tools asking for the approval').toEqual([]);

    // A wrong PIN is refused by the core, in words.
    await approveForm.getByLabel(w.pin, { exact: true }).fill('0000');
    await approveForm.getByRole('button', { name: w.approve }).click();
    await expect(approveForm.getByRole('alert')).toContainText(w.wrongPin);

    await approveForm.getByLabel(w.pin, { exact: true }).fill(MANAGER_PIN);
    await approveForm.getByRole('button', { name: w.approve }).click();

    // Two different tools, no PIN typed again.
    const add = page.getByRole('form', { name: w.addForm });
    await add.getByLabel(w.name, { exact: true }).fill('Alice');
    await add.getByLabel(w.theirPin, { exact: true }).fill(ALICE_PIN);
    await expect(add.getByLabel(w.pin, { exact: true })).toHaveCount(0);
    await add.getByRole('button', { name: w.addForm }).click();
    await expect(add.getByRole('status')).toHaveText(w.saved);
    const { cashiers } = await counter.api<{ cashiers: Cashier[] }>('listCashiers');
    expect(cashiers.map((cashier) => cashier.name)).toContain('Alice');

    const chain = page.getByRole('form', { name: w.chainForm });
    await chain.getByRole('button', { name: w.chainForm }).click();
    await expect(chain.getByRole('status')).toContainText(w.chainOk);
    expect(await axeViolations(page), 'the approved tools').toEqual([]);

    // Closing the tools forgets the approval: opening them again asks for it.
    await summary.click();
    await summary.click();
    await expect(page.getByRole('form', { name: w.approveForm })).toBeVisible();
    await expect(page.getByRole('form', { name: w.addForm })).toHaveCount(0);
  });
}

test('a counter with no manager PIN asks the manager to choose one in the tools, then the tool proceeds', async ({
  page,
  counter,
}) => {
  await counter.open(page);
  await page.keyboard.press('F6');
  await page.locator('.manager-tools > summary').click();

  const approve = page.getByRole('form', { name: 'Approve the manager tools' });
  await expect(approve).toContainText('No manager PIN is set on this counter yet');
  await approve.getByLabel('New manager PIN').fill(MANAGER_PIN);
  await approve.getByLabel('Repeat the PIN').fill('1111');
  await approve.getByRole('button', { name: 'Choose the PIN and approve' }).click();
  await expect(approve.getByRole('alert')).toContainText('The two PINs differ');
  expect((await counter.api<{ managerPinSet: boolean }>('getStatus')).managerPinSet).toBe(false);
  expect(await axeViolations(page), 'the tools offering to choose a PIN').toEqual([]);

  await approve.getByLabel('Repeat the PIN').fill(MANAGER_PIN);
  await approve.getByRole('button', { name: 'Choose the PIN and approve' }).click();

  // The PIN is the manager PIN now, and the tools are approved with it.
  const add = page.getByRole('form', { name: 'Add cashier' });
  await add.getByLabel('Name', { exact: true }).fill('Alice');
  await add.getByLabel('Their PIN', { exact: true }).fill(ALICE_PIN);
  await add.getByRole('button', { name: 'Add cashier' }).click();
  await expect(add.getByRole('status')).toHaveText('Saved.');
  expect((await counter.api<{ valid: boolean }>('verifyManagerPin', { pin: MANAGER_PIN })).valid).toBe(true);
  await expect(page.getByText('No manager PIN yet')).toBeHidden();
});

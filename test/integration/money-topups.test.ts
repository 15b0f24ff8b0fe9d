import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { accountRefOf } from '../../electron/core/journal/account-scope';
import { openJournal } from '../../electron/core/journal/database';
import { TopUpsJournal } from '../../electron/core/journal/topups-journal';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import type { TopUp, TopUpOption } from '../../shared/domain/topup';
import { unwrap } from '../support/core-harness';
import {
  announcedBalance,
  type Counter,
  charges,
  driveEsim,
  eventually,
  journalColumn,
  ledger,
  setBalance,
  startCounter,
} from './money-support';

let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

interface Toppable {
  readonly c: Counter;
  readonly iccid: string;
  readonly option: TopUpOption;
}

/** A counter that has sold an eSIM of a rechargeable package, now active on a network, and its cheapest top-up. */
async function soldAndActive(simOptions: Parameters<typeof startCounter>[0] = {}): Promise<Toppable> {
  const c = await startCounter(simOptions);
  counter = c;
  const rechargeable = [...c.packages]
    .filter((p: CataloguePackage) => p.isRechargeable)
    .sort((a, b) => a.cost.amount - b.cost.amount);
  for (const pkg of rechargeable.slice(0, 10)) {
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
    const iccid = sale.esims[0]!.iccid;
    await driveEsim(c.sim, 'activate', { iccid });
    const listed = await c.h.call<{ packages: TopUpOption[] }>('listTopUpPackages', { iccid });
    const option = listed.ok
      ? [...listed.value.packages].sort((a, b) => a.cost.amount - b.cost.amount)[0]
      : null;
    if (option) return { c, iccid, option };
  }
  throw new Error('no rechargeable package with top-ups in the catalogue');
}

function topUpPosts(c: Counter): number {
  return c.h.logLines.filter((l) => l.includes('"path":"/topup/order"') && l.includes('"attempt"')).length;
}

describe('top-ups', () => {
  it('records the eSIM first, sends once, and keeps what the provider charged and answered', async () => {
    const { c, iccid, option } = await soldAndActive();
    const before = (await ledger(c.sim)).balanceMinor;
    const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(topUp.state).toBe('completed');
    if (topUp.state !== 'completed') return;
    expect(topUp).toMatchObject({ iccid, packageCode: option.code, inferred: false, retail: option.retail });
    expect(topUp.cost).toEqual(option.cost);
    expect(topUp.margin?.amount).toBe(option.retail.amount - option.cost.amount);
    expect(topUp.before.totalMb).not.toBeNull();
    expect(topUp.newTotalGb! * 1024).toBeGreaterThan(topUp.before.totalMb!);
    const after = await ledger(c.sim);
    expect(charges(after.entries, 'topup')).toEqual([
      expect.objectContaining({ orderReference: topUp.orderReference, amountMinor: option.cost.amount }),
    ]);
    expect(after.balanceMinor).toBe(before - option.cost.amount);
    expect(topUp.newBalance?.amount).toBe(after.balanceMinor);
    expect(unwrap(await c.h.call<TopUp>('getTopUp', { id: topUp.id }))).toEqual(topUp);
    // The reading the snapshot came from and the provider's answer are kept verbatim.
    const beforeRaw = JSON.parse(String(journalColumn(c.dataDir, 'topups', topUp.id, 'before_raw')));
    expect(beforeRaw.data.esim.iccid).toBe(iccid);
    const answer = JSON.parse(String(journalColumn(c.dataDir, 'topups', topUp.id, 'raw_response')));
    expect(answer).toMatchObject({ orderReference: topUp.orderReference, iccid });
    expect(unwrap(await c.h.call<{ topUps: TopUp[] }>('listTopUps', { iccid })).topUps).toEqual([topUp]);
    const states = c.h.events.flatMap((e) =>
      e.type === 'topup.updated' && e.topUp.id === topUp.id ? [e.topUp.state] : [],
    );
    expect(states).toEqual(['intent', 'sent', 'completed']);
    expect(topUpPosts(c)).toBe(1);
  });

  it('needs confirmRepeat for a second top-up of one eSIM within ten minutes, and sends nothing without it', async () => {
    const { c, iccid, option } = await soldAndActive();
    unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    const refused = await c.h.call('topUp', { iccid, packageCode: option.code });
    expect(refused.ok ? null : refused.error.code).toBe('CONFIRMATION_REQUIRED');
    expect(charges((await ledger(c.sim)).entries, 'topup')).toHaveLength(1);
    expect(unwrap(await c.h.call<{ topUps: TopUp[] }>('listTopUps', { iccid })).topUps).toHaveLength(1);
    const second = unwrap(
      await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code, confirmRepeat: true }),
    );
    expect(second.state).toBe('completed');
    expect(charges((await ledger(c.sim)).entries, 'topup')).toHaveLength(2);
  });

  it('refuses a package the eSIM is not offered, recording nothing', async () => {
    const { c, iccid } = await soldAndActive();
    const refused = await c.h.call('topUp', { iccid, packageCode: 'NOT-A-TOPUP' });
    expect(refused.ok ? null : refused.error.code).toBe('INVALID_TOPUP_PACKAGE');
    expect(unwrap(await c.h.call<{ topUps: TopUp[] }>('listTopUps', {})).topUps).toEqual([]);
  });

  it('fails a top-up the provider refuses, with nothing charged', async () => {
    const { c, iccid, option } = await soldAndActive();
    await setBalance(c.sim, 0);
    const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(topUp.state).toBe('failed');
    if (topUp.state === 'failed') expect(topUp.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(charges((await ledger(c.sim)).entries, 'topup')).toEqual([]);
    // A failed top-up charged nothing: trying again needs no confirmation.
    await setBalance(c.sim, 100);
    expect(unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code })).state).toBe(
      'completed',
    );
  });

  it('an answer lost after the provider applied it: completed from the eSIM having changed, never re-sent', async () => {
    const { c, iccid, option } = await soldAndActive();
    c.sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /topup/order'] });
    const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(topUp.state).toBe('completed');
    if (topUp.state !== 'completed') return;
    expect(topUp.inferred).toBe(true);
    expect(topUp.cost).toEqual(option.cost);
    expect(topUp.orderReference).toBeNull();
    const paid = charges((await ledger(c.sim)).entries, 'topup');
    expect(paid.map((p) => p.amountMinor)).toEqual([option.cost.amount]);
    expect(topUpPosts(c)).toBe(1);
    const states = c.h.events.flatMap((e) =>
      e.type === 'topup.updated' && e.topUp.id === topUp.id ? [e.topUp.state] : [],
    );
    expect(states).toEqual(['intent', 'sent', 'in_doubt', 'completed']);
  });

  it('a lost answer and an eSIM that never changes: in doubt, then failed with nothing charged, never re-sent', async () => {
    const { c, iccid, option } = await soldAndActive();
    c.sim.setFaults({ failRate: 1, paths: ['POST /topup/order'] });
    const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(topUp.state).toBe('in_doubt');
    // While in doubt, another top-up of this eSIM needs confirmation.
    const again = await c.h.call('topUp', { iccid, packageCode: option.code });
    expect(again.ok ? null : again.error.code).toBe('CONFIRMATION_REQUIRED');
    c.sim.setFaults({ failRate: 0 });
    const failed = await eventually('the top-up judged not applied', () =>
      c.h.events.find(
        (e) => e.type === 'topup.updated' && e.topUp.id === topUp.id && e.topUp.state === 'failed',
      ),
    );
    if (failed.type !== 'topup.updated' || failed.topUp.state !== 'failed') throw new Error('not failed');
    expect(failed.topUp.error.message).toMatch(/not applied/);
    expect(charges((await ledger(c.sim)).entries, 'topup')).toEqual([]);
    expect(topUpPosts(c)).toBe(1);
  });

  it('after a restart, a top-up left on the wire is watched, not re-sent; one never sent is failed', async () => {
    const { c, iccid, option } = await soldAndActive();
    c.sim.setFaults({ failRate: 1, paths: ['POST /topup/order'] });
    const lost = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(lost.state).toBe('in_doubt');
    c.sim.setFaults({ failRate: 0 });
    // The restart happens before the watcher decided; the journal carries the watch over. While the
    // counter is down, the journal gets a top-up exactly as a crash right after its intent leaves it.
    const h = await c.restart(() => {
      const db = openJournal({ file: join(c.dataDir, 'journal.sqlite') });
      new TopUpsJournal(db).createIntent(
        {
          id: 'crashed-before-sending',
          counterId: 'C1',
          cashierId: null,
          shiftId: null,
          training: true,
          accountRef: accountRefOf(c.sim.defaultAccount.accessCode),
          iccid,
          packageCode: option.code,
          packageName: option.name,
          retail: option.retail,
          quotedCost: option.cost,
          before: lost.before,
          beforeRaw: '{}',
        },
        new Date().toISOString(),
        new Date().toISOString(),
        () => {},
      );
      db.close();
    });
    const neverSent = unwrap(await h.call<TopUp>('getTopUp', { id: 'crashed-before-sending' }));
    expect(neverSent.state).toBe('failed');
    if (neverSent.state === 'failed') expect(neverSent.error.message).toMatch(/before this top-up was sent/);
    const settled = await eventually('the in-doubt top-up settled after the restart', async () => {
      const got = unwrap(await h.call<TopUp>('getTopUp', { id: lost.id }));
      return got.state === 'in_doubt' ? null : got;
    });
    expect(settled.state).toBe('failed');
    expect(h.logLines.filter((l) => l.includes('"path":"/topup/order"'))).toEqual([]);
    expect(charges((await ledger(c.sim)).entries, 'topup')).toEqual([]);
  });

  it('announces the balance after each top-up, and what is left after one refused for lack of balance', async () => {
    const { c, iccid, option } = await soldAndActive();
    const topUp = unwrap(await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code }));
    expect(topUp.state === 'completed' && topUp.newBalance).toEqual(announcedBalance(c.h)?.balance);
    expect(announcedBalance(c.h)?.balance.amount).toBe((await ledger(c.sim)).balanceMinor);
    await setBalance(c.sim, 0.01);
    const refused = unwrap(
      await c.h.call<TopUp>('topUp', { iccid, packageCode: option.code, confirmRepeat: true }),
    );
    expect(refused.state === 'failed' && refused.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(announcedBalance(c.h)?.balance).toEqual({ amount: 1, currency: option.cost.currency });
  });
});

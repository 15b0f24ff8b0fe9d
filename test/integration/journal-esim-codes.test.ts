import { describe, expect, it } from 'vitest';
import { checkChain } from '../../electron/core/journal/chain-check';
import { APPLE_INSTALL_PREFIX } from '../../electron/core/journal/esim-codes';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { m0022EsimCodesOnce } from '../../electron/core/journal/migrations/0022-esim-codes-once';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import type { Sale, SaleEsim } from '../../shared/domain/sale';
import { newSale, saleCompletion } from '../support/journal-records';
import { insertRow, journalAtVersion, versionOf } from '../support/journal-versions';
import { tempJournalPerTest } from '../support/temp-journal';

/**
 * A sold eSIM's install codes are stored once (esim-codes.ts, migration 0022): the LPA string whole,
 * its parts only where it does not hold them. Whatever form the provider names them in, they read
 * back exactly as named, the chain's links hold them, and a journal of version 21 keeps every one.
 */

const journal = tempJournalPerTest('journal-esim-codes');
const BEFORE = versionOf('-esim-codes-once') - 1;

const esim = (i: number, codes: Partial<SaleEsim>): SaleEsim => ({
  iccid: `894450000000000000${i}`,
  lpa: `LPA:1$rsp.example.net$K2-${i}`,
  smdpAddress: 'rsp.example.net',
  activationCode: `K2-${i}`,
  appleInstallUrl: null,
  androidInstallUrl: null,
  status: 'New',
  totalVolumeBytes: 1073741824,
  validityDays: 7,
  expiresAt: null,
  ...codes,
});

/** Each form an answer may name the codes in, and whether the LPA string holds address and code. */
const FORMS: readonly { esim: SaleEsim; partsInLpa: boolean; appleFromLpa: boolean }[] = [
  {
    // The common form: every part is the LPA string's.
    esim: esim(0, { appleInstallUrl: `${APPLE_INSTALL_PREFIX}LPA:1$rsp.example.net$K2-0` }),
    partsInLpa: true,
    appleFromLpa: true,
  },
  // A code with a '$' in it: still all that follows the address.
  {
    esim: esim(1, { lpa: 'LPA:1$rsp.example.net$K2$1', activationCode: 'K2$1' }),
    partsInLpa: true,
    appleFromLpa: false,
  },
  // An address with a '$' in it: the string cannot be split back, so both are kept.
  {
    esim: esim(2, { lpa: 'LPA:1$rsp$example.net$K2-2', smdpAddress: 'rsp$example.net' }),
    partsInLpa: false,
    appleFromLpa: false,
  },
  // Another spelling of the start, a confirmation code after the matching id, an empty code.
  { esim: esim(3, { lpa: 'lpa:1$rsp.example.net$K2-3' }), partsInLpa: false, appleFromLpa: false },
  { esim: esim(4, { lpa: 'LPA:1$rsp.example.net$K2-4$$1' }), partsInLpa: false, appleFromLpa: false },
  {
    esim: esim(5, { lpa: 'LPA:1$rsp.example.net$', activationCode: '' }),
    partsInLpa: true,
    appleFromLpa: false,
  },
  // Parts that are not the string's at all, and links of the provider's own.
  {
    esim: esim(6, {
      smdpAddress: 'other.example.net',
      appleInstallUrl: `${APPLE_INSTALL_PREFIX}LPA:1$other.example.net$K2-6`,
      androidInstallUrl:
        'https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA:1$rsp.example.net$K2-6',
    }),
    partsInLpa: false,
    appleFromLpa: false,
  },
];

/** A sale's eSIMs as the journal gives them back: a completed sale's. */
const esimsOf = (sale: Sale | null): readonly SaleEsim[] | null =>
  sale?.state === 'completed' ? sale.esims : null;

/** Every column a reader reads, as it reads them: by their names, generated or stored. */
const READ = `SELECT sale_id, position, iccid, lpa, smdp_address, activation_code, apple_install_url,
  android_install_url, status, total_volume_bytes, validity_days, expires_at FROM sale_esims ORDER BY sale_id, position`;

describe("a sold eSIM's install codes", () => {
  it('read back as the answer named them, in every form, stored apart only where the LPA string lacks them', () => {
    const db = journal.open();
    try {
      db.prepare(`INSERT INTO settings (key, value_json) VALUES ('counter.id', '"C1"')`).run();
      const sales = new SalesJournal(db);
      const at = '2026-12-02T10:00:00.000Z';
      sales.createIntent(newSale({ id: 'sale-1', quantity: FORMS.length }), at);
      sales.markSent('sale-1', at);
      sales.markCompleted('sale-1', saleCompletion({ esims: FORMS.map((form) => form.esim) }), at);

      expect(esimsOf(sales.get('sale-1'))).toEqual(FORMS.map((form) => form.esim));
      const stored = db
        .prepare(
          `SELECT smdp_address_apart IS NULL AS partsInLpa, apple_install_url_from_lpa AS appleFromLpa
           FROM sale_esims ORDER BY position`,
        )
        .all();
      expect(stored).toEqual(
        FORMS.map((form) => ({
          partsInLpa: form.partsInLpa ? 1 : 0,
          appleFromLpa: form.appleFromLpa ? 1 : 0,
        })),
      );
      // The completed link holds each eSIM's address, and the check reads it from the generated column:
      // an LPA string changed behind the journal's back changes the address the link holds.
      expect(checkChain(db, 'C1')).toMatchObject({ links: 3, firstBreak: null, unlinked: [] });
      db.prepare(`UPDATE sale_esims SET lpa = 'LPA:1$rsp.elsewhere.example$K2-0' WHERE position = 0`).run();
      expect(checkChain(db, 'C1').firstBreak).toMatchObject({ kind: 'changed_row', seq: 3 });
    } finally {
      db.close();
    }
  });

  it('keeps every eSIM of a journal of version 21, tells its progress, and reads each back as before', () => {
    const old = journalAtVersion(journal.file, BEFORE);
    // Enough eSIMs that the copy tells its progress (it tells every 4,096 rows).
    const SALES = 600;
    for (let s = 0; s < SALES; s++) {
      const id = `old-${String(s).padStart(4, '0')}`;
      insertRow(old, 'sales', {
        id,
        receipt_number: s + 1,
        counter_id: 'C1',
        training: 0,
        state: 'completed',
        package_code: 'PKG',
        package_name: 'Iraq 5 GB',
        quantity: FORMS.length,
        idempotency_key: `C1-${id}`,
        currency: 'USD',
        retail_unit_minor: 1500,
        retail_total_minor: 1500 * FORMS.length,
        cost_minor: 1100 * FORMS.length,
        cost_currency: 'USD',
        order_reference: `ORD-${id}`,
        attempts: 1,
        created_at: '2026-12-01T10:00:00.000Z',
        updated_at: '2026-12-01T10:00:00.000Z',
        state_since: '2026-12-01T10:00:00.000Z',
        completed_at: '2026-12-01T10:00:00.000Z',
      });
      FORMS.forEach(({ esim: e }, position) => {
        insertRow(old, 'sale_esims', {
          sale_id: id,
          position,
          iccid: e.iccid,
          lpa: e.lpa,
          smdp_address: e.smdpAddress,
          activation_code: e.activationCode,
          apple_install_url: e.appleInstallUrl,
          android_install_url: e.androidInstallUrl,
          status: e.status,
          total_volume_bytes: e.totalVolumeBytes,
          validity_days: e.validityDays,
          expires_at: e.expiresAt,
        });
      });
    }
    const before = old.prepare(READ).all();
    const rows = m0022EsimCodesOnce.rows?.(old);
    const told: number[] = [];
    old.transaction(() => {
      m0022EsimCodesOnce.up(old, (done) => told.push(done));
      old.pragma(`user_version = ${BEFORE + 1}`);
    })();
    expect(rows).toBe(SALES * FORMS.length);
    expect(told).toEqual([4_096]);
    expect(old.prepare(READ).all()).toEqual(before);
    expect(
      old.prepare('SELECT count(*) FROM sale_esims WHERE smdp_address_apart IS NULL').pluck().get(),
    ).toBe(SALES * FORMS.filter((form) => form.partsInLpa).length);
    old.close();

    const db = journal.open();
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(esimsOf(new SalesJournal(db).get('old-0001'))).toEqual(FORMS.map((form) => form.esim));
    } finally {
      db.close();
    }
  });

  it('refuses a row whose parts are left to an LPA string that cannot give them', () => {
    const db = journal.open();
    try {
      new SalesJournal(db).createIntent(newSale({ id: 'sale-2' }), '2026-12-02T10:00:00.000Z');
      const insert = (lpa: string, smdp: string | null, code: string | null) =>
        db
          .prepare(
            `INSERT INTO sale_esims (sale_id, position, iccid, lpa, smdp_address_apart, activation_code_apart,
               apple_install_url_from_lpa) VALUES ('sale-2', 0, '89', ?, ?, ?, 0)`,
          )
          .run(lpa, smdp, code);
      expect(() => insert('lpa:1$rsp.example.net$K2', null, null)).toThrow(/CHECK/);
      expect(() => insert('LPA:1$rsp.example.net', null, null)).toThrow(/CHECK/);
      expect(() => insert('LPA:1$rsp.example.net$K2', 'rsp.example.net', null)).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});

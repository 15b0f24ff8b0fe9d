import type { Migration } from './index';
import { countRowsGone, rowsOf } from './rows-gone';

/**
 * A sold eSIM's install codes stored once (esim-codes.ts): the LPA string whole, and its SM-DP+
 * address, activation code and Apple install link only where they are not its own parts. In the
 * common form they are, and stored apart they took about 180 bytes an eSIM, a third of `sale_esims`.
 * Generated columns give them back under their names, so what reads them reads as before, the
 * chain's check among them (a link holds each eSIM's `smdp_address`).
 *
 * Every row is copied in the migration's transaction, its parts left out only where the LPA string
 * gives back exactly the text stored, as `storedEsimCodes` decides for new rows. The expressions are
 * written here, not taken from esim-codes.ts: a migration never changes.
 */
export const m0022EsimCodesOnce: Migration = {
  version: 22,
  name: '0022-esim-codes-once',
  rows: (db) => rowsOf(db, 'sale_esims'),
  up(db, gone) {
    countRowsGone(db, gone);
    db.exec(`
      ALTER TABLE sale_esims RENAME TO sale_esims_v21;
      CREATE TABLE sale_esims (
        sale_id TEXT NOT NULL REFERENCES sales (id),
        position INTEGER NOT NULL,
        iccid TEXT NOT NULL,
        lpa TEXT NOT NULL,
        -- Null: the address and the code are the LPA string's parts (LPA:1$address$code).
        smdp_address_apart TEXT,
        activation_code_apart TEXT,
        smdp_address TEXT NOT NULL
          GENERATED ALWAYS AS (coalesce(smdp_address_apart, substr(lpa, 7, instr(substr(lpa, 7), '$') - 1))) VIRTUAL,
        activation_code TEXT NOT NULL
          GENERATED ALWAYS AS (coalesce(activation_code_apart, substr(lpa, 7 + instr(substr(lpa, 7), '$')))) VIRTUAL,
        -- 1: Apple's install link is its fixed prefix and the LPA string.
        apple_install_url_from_lpa INTEGER NOT NULL CHECK (apple_install_url_from_lpa IN (0, 1)),
        apple_install_url_apart TEXT,
        apple_install_url TEXT GENERATED ALWAYS AS (
          CASE WHEN apple_install_url_from_lpa = 1
            THEN 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=' || lpa
            ELSE apple_install_url_apart END) VIRTUAL,
        android_install_url TEXT,
        status TEXT,
        total_volume_bytes INTEGER,
        validity_days INTEGER,
        expires_at TEXT,
        PRIMARY KEY (sale_id, position),
        CHECK ((smdp_address_apart IS NULL) = (activation_code_apart IS NULL)),
        CHECK (smdp_address_apart IS NOT NULL OR (substr(lpa, 1, 6) = 'LPA:1$' AND instr(substr(lpa, 7), '$') > 0)),
        CHECK (apple_install_url_from_lpa = 0 OR apple_install_url_apart IS NULL)
      ) STRICT;
      INSERT INTO sale_esims (sale_id, position, iccid, lpa, smdp_address_apart, activation_code_apart,
          apple_install_url_from_lpa, apple_install_url_apart, android_install_url, status, total_volume_bytes,
          validity_days, expires_at)
        SELECT sale_id, position, iccid, lpa,
          CASE WHEN in_lpa THEN NULL ELSE smdp_address END,
          CASE WHEN in_lpa THEN NULL ELSE activation_code END,
          apple_from_lpa,
          CASE WHEN apple_from_lpa THEN NULL ELSE apple_install_url END,
          android_install_url, status, total_volume_bytes, validity_days, expires_at
        FROM (
          SELECT *,
            instr(smdp_address, '$') = 0 AND lpa = 'LPA:1$' || smdp_address || '$' || activation_code AS in_lpa,
            coalesce(apple_install_url = 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=' || lpa, 0)
              AS apple_from_lpa
          FROM sale_esims_v21 WHERE migration_row() ORDER BY rowid
        );
      DROP TABLE sale_esims_v21;
      CREATE INDEX sale_esims_by_iccid ON sale_esims (iccid);
    `);
  },
};

import type { Currency } from '../../shared/money';
import type { CataloguePackage } from './catalogue';
import type { Db } from './db';
import { nextSerial } from './db';
import { activationCodeFor, iccidFor, ownNetworkNumbers, qrTokenFor, smdpAddressOf } from './identifiers';
import type { Sim } from './sim';

/** Rows of the orders and esims tables, and the few writes every endpoint shares. */

export type OrderStatus = 'pending' | 'completed' | 'failed' | 'cancelled';

export interface OrderRow {
  readonly id: number;
  readonly reference: string;
  readonly account_id: number;
  readonly kind: 'esim' | 'topup';
  readonly package_code: string;
  readonly package_name: string;
  readonly quantity: number;
  readonly status: OrderStatus;
  readonly amount_minor: number;
  readonly profit_minor: number;
  readonly currency: Currency;
  readonly idempotency_key: string | null;
  readonly recurring: number;
  readonly target_iccid: string | null;
  readonly provision_due_at: number | null;
  readonly refund_method: 'balance' | 'refund_request' | 'separate' | null;
  readonly refund_state: 'credited' | 'requested' | 'separate' | null;
  readonly refunded_minor: number;
  readonly processing_ms: number;
  readonly created_at: number;
  readonly updated_at: number;
}

export interface EsimRow {
  readonly id: number;
  readonly order_id: number;
  readonly account_id: number;
  readonly iccid: string;
  readonly package_code: string;
  readonly status: string;
  readonly esim_status: string;
  readonly profile_status: string | null;
  readonly sim_status: string;
  readonly smdp_status: string;
  readonly suspended: number;
  readonly unlimited: number;
  readonly total_mb: number;
  readonly used_mb: number;
  readonly validity_days: number;
  readonly created_at: number;
  readonly installed_at: number | null;
  readonly activated_at: number | null;
  readonly expires_at: number | null;
  readonly last_usage_at: number | null;
  readonly imsi: string | null;
  readonly msisdn: string | null;
  readonly eid: string | null;
  readonly imei: string | null;
  readonly device_model: string | null;
  readonly smdp_address: string;
  readonly activation_code: string;
  readonly qr_token: string;
  readonly last_operator: string | null;
  readonly last_mcc: string | null;
  readonly last_mnc: string | null;
  readonly last_country: string | null;
  readonly last_country_iso2: string | null;
  readonly last_connection: string | null;
  readonly thresholds_fired: number;
  readonly live_checked_at: number | null;
}

export const DAY_MS = 86_400_000;

export function orderByReference(db: Db, reference: string): OrderRow | undefined {
  return db.prepare('SELECT * FROM orders WHERE reference = ?').get(reference) as OrderRow | undefined;
}

export function orderById(db: Db, id: number): OrderRow {
  const row = db.prepare('SELECT * FROM orders WHERE id = ?').get(id) as OrderRow | undefined;
  if (!row) throw new Error(`order ${id} does not exist`);
  return row;
}

export function esimsOfOrder(db: Db, orderId: number): EsimRow[] {
  return db.prepare('SELECT * FROM esims WHERE order_id = ? ORDER BY id').all(orderId) as EsimRow[];
}

export function esimByIccid(db: Db, iccid: string): EsimRow | undefined {
  return db.prepare('SELECT * FROM esims WHERE iccid = ?').get(iccid) as EsimRow | undefined;
}

export function esimById(db: Db, id: number): EsimRow | undefined {
  return db.prepare('SELECT * FROM esims WHERE id = ?').get(id) as EsimRow | undefined;
}

export function lpaOf(esim: Pick<EsimRow, 'smdp_address' | 'activation_code'>): string {
  return `LPA:1$${esim.smdp_address}$${esim.activation_code}`;
}

/**
 * Issues the eSIMs of an order: NEW, not yet installed. Call inside the order's transaction. A share
 * of them (`wrongCheckDigitRate`) carry an ICCID whose last digit is not its Luhn check digit, as some
 * issuers' numbers do.
 */
export function issueEsims(
  sim: Pick<Sim, 'db' | 'seed' | 'faults'>,
  order: Pick<OrderRow, 'id' | 'account_id' | 'quantity'>,
  pkg: CataloguePackage,
  now: number,
): EsimRow[] {
  const { db, seed, faults } = sim;
  const insert = db.prepare(
    `INSERT INTO esims (order_id, account_id, iccid, package_code, status, esim_status, profile_status, sim_status,
       smdp_status, unlimited, total_mb, validity_days, created_at, expires_at, imsi, msisdn, smdp_address,
       activation_code, qr_token)
     VALUES (?, ?, ?, ?, 'NEW', 'New', NULL, 'AFFECTED', 'RELEASED', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ids: number[] = [];
  for (let i = 0; i < order.quantity; i++) {
    const serial = nextSerial(db, 'esim');
    const numbers = pkg.provider.ownNetwork ? ownNetworkNumbers(seed, serial) : { imsi: null, msisdn: null };
    // Packages activated on first use get their expiry when they first connect.
    const expires = pkg.activationPolicy === 'first_use' ? null : now + pkg.validityDays * DAY_MS;
    const { lastInsertRowid } = insert.run(
      order.id,
      order.account_id,
      iccidFor(seed, pkg.provider, serial, faults.strikes(faults.faults.wrongCheckDigitRate)),
      pkg.code,
      pkg.unlimited ? 1 : 0,
      pkg.unlimited ? 0 : Math.round(pkg.dataGb * 1024),
      pkg.validityDays,
      now,
      expires,
      numbers.imsi,
      numbers.msisdn,
      smdpAddressOf(pkg.provider),
      activationCodeFor(seed, serial),
      qrTokenFor(seed, serial),
    );
    ids.push(Number(lastInsertRowid));
  }
  return ids.map((id) => esimById(db, id) as EsimRow);
}

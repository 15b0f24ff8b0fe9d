import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * How a link's record (its canonical JSON, what the hash is taken over) is stored: raw deflate with a
 * preset dictionary of what records look like, so each short record is coded mostly as references
 * into the dictionary (about 75 bytes instead of 750 for a sale's link). Inflated back it is the
 * very text that was hashed, byte for byte, and the chain check hashes that text.
 *
 * The dictionary is part of the stored format: it is never changed. Records coded another way get a
 * new encoding name beside this one (the `record_encoding` column), and this one is still read.
 */
export const CHAIN_RECORD_ENCODING = 'deflate-d1';

/** Records as the chain writes them, the commonest (a sale's) last, where references are cheapest. */
const DICTIONARY_1 = Buffer.from(
  [
    '{"at":"2026-01-01T00:00:00.000Z","cashier":null,"counter":"","detail":null,"kind":"shift.opened","rows":[{"approved_by":null,"business_day":"2026-01-01","closed_at":null,"closed_by":null,"closing_count_id":null,"counter_id":"","drawer":"main","id":"","opened_at":"2026-01-01T00:00:00.000Z","opened_by":"","previous_shift_id":null,"state":"open","variance_reason":null,"z_number":null}],"seq":1,"shift":null,"subject":"","v":1}',
    '{"at":"2026-01-01T00:00:00.000Z","cashier":null,"counter":"","detail":null,"kind":"topup.completed","rows":[{"cashier_id":null,"change_minor":null,"completed_at":null,"cost_currency":"USD","cost_minor":null,"counter_id":"","created_at":"2026-01-01T00:00:00.000Z","currency":"USD","iccid":"","id":"","order_reference":null,"package_code":"","quoted_cost_minor":0,"rate_per_100_minor":null,"receipt_number":1,"retail_minor":0,"shift_id":null,"state":"intent","tender_currency":null,"tender_due_minor":null,"tender_method":null,"tendered_minor":null,"training":0}],"seq":1,"shift":null,"subject":"","v":1}',
    '{"at":"2026-01-01T00:00:00.000Z","cashier":null,"counter":"","detail":{"cost":{"amount":0,"currency":"USD"},"orderReference":""},"kind":"sale.completed","rows":[{"cashier_id":null,"change_minor":null,"completed_at":"2026-01-01T00:00:00.000Z","cost_currency":"USD","cost_minor":0,"counter_id":"","created_at":"2026-01-01T00:00:00.000Z","currency":"USD","id":"","idempotency_key":"","order_reference":"","package_code":"","quantity":1,"rate_per_100_minor":null,"receipt_number":1,"retail_total_minor":0,"retail_unit_minor":0,"shift_id":null,"state":"completed","tender_currency":null,"tender_due_minor":null,"tender_method":null,"tendered_minor":null,"training":0}],"seq":1,"shift":null,"subject":"","v":1}',
    '{"at":"2026-01-01T00:00:00.000Z","cashier":null,"counter":"","detail":{"packageCode":"","quantity":1},"kind":"sale.intent","rows":[{"cashier_id":null,"change_minor":null,"completed_at":null,"cost_currency":null,"cost_minor":null,"counter_id":"","created_at":"2026-01-01T00:00:00.000Z","currency":"USD","id":"","idempotency_key":"","order_reference":null,"package_code":"","quantity":1,"rate_per_100_minor":null,"receipt_number":1,"retail_total_minor":0,"retail_unit_minor":0,"shift_id":null,"state":"sent","tender_currency":null,"tender_due_minor":null,"tender_method":null,"tendered_minor":null,"training":0}],"seq":1,"shift":null,"subject":"","v":1}',
  ].join(''),
  'utf8',
);

/** A record's canonical JSON as stored. */
export function packRecord(recordJson: string): Buffer {
  return deflateRawSync(Buffer.from(recordJson, 'utf8'), { level: 9, dictionary: DICTIONARY_1 });
}

/** A stored record back as the exact text that was hashed. */
export function unpackRecord(stored: Buffer, encoding: string): string {
  if (encoding !== CHAIN_RECORD_ENCODING) throw new Error(`unknown chain record encoding ${encoding}`);
  return inflateRawSync(stored, { dictionary: DICTIONARY_1 }).toString('utf8');
}

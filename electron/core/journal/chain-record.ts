import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * How a link's record (its canonical JSON, what the hash is taken over) is stored: raw deflate with a
 * preset dictionary of what records look like, so each short record is coded mostly as references
 * into the dictionary (about 150 bytes instead of 850 for a sale's link). Inflated back it is the
 * very text that was hashed, byte for byte, and the chain check hashes that text.
 *
 * A dictionary is part of the stored format: it is never changed. Records coded another way get a
 * new encoding name beside the others (the `record_encoding` column), and every earlier one is still
 * read: `deflate-d1`, made for records of version 1, and `deflate-d2`, for version 2's (chain.ts).
 */
export const CHAIN_RECORD_ENCODING = 'deflate-d2';
/** The first encoding: the one migrations 0011 and 0015 wrote and held the chain's table to. */
export const FIRST_RECORD_ENCODING = 'deflate-d1';

/** Version 1's records as the chain wrote them, the commonest (a sale's) last, where references are cheapest. */
const DICTIONARY_1 = Buffer.from(
  [
    '{"at":"2026-01-01T00:00:00.000Z","cashier":null,"counter":"","detail":null,"kind":"shift.opened","rows":[{"approved_by":null,"business_day":"2026-01-01","closed_at":null,"closed_by":null,"closing_count_id":null,"counter_id":"","drawer":"main","id":"","opened_at":"2026-01-01T00:00:00.000Z","opened_by":"","previous_shift_id":null,"state":"open","variance_reason":null,"z_number":null}],"seq":1,"shift":null,"subject":"","v":1}',
    '{"at":"2026-01-01T00:00:00.000Z","cashier":null,"counter":"","detail":null,"kind":"topup.completed","rows":[{"cashier_id":null,"change_minor":null,"completed_at":null,"cost_currency":"USD","cost_minor":null,"counter_id":"","created_at":"2026-01-01T00:00:00.000Z","currency":"USD","iccid":"","id":"","order_reference":null,"package_code":"","quoted_cost_minor":0,"rate_per_100_minor":null,"receipt_number":1,"retail_minor":0,"shift_id":null,"state":"intent","tender_currency":null,"tender_due_minor":null,"tender_method":null,"tendered_minor":null,"training":0}],"seq":1,"shift":null,"subject":"","v":1}',
    '{"at":"2026-01-01T00:00:00.000Z","cashier":null,"counter":"","detail":{"cost":{"amount":0,"currency":"USD"},"orderReference":""},"kind":"sale.completed","rows":[{"cashier_id":null,"change_minor":null,"completed_at":"2026-01-01T00:00:00.000Z","cost_currency":"USD","cost_minor":0,"counter_id":"","created_at":"2026-01-01T00:00:00.000Z","currency":"USD","id":"","idempotency_key":"","order_reference":"","package_code":"","quantity":1,"rate_per_100_minor":null,"receipt_number":1,"retail_total_minor":0,"retail_unit_minor":0,"shift_id":null,"state":"completed","tender_currency":null,"tender_due_minor":null,"tender_method":null,"tendered_minor":null,"training":0}],"seq":1,"shift":null,"subject":"","v":1}',
    '{"at":"2026-01-01T00:00:00.000Z","cashier":null,"counter":"","detail":{"packageCode":"","quantity":1},"kind":"sale.intent","rows":[{"cashier_id":null,"change_minor":null,"completed_at":null,"cost_currency":null,"cost_minor":null,"counter_id":"","created_at":"2026-01-01T00:00:00.000Z","currency":"USD","id":"","idempotency_key":"","order_reference":null,"package_code":"","quantity":1,"rate_per_100_minor":null,"receipt_number":1,"retail_total_minor":0,"retail_unit_minor":0,"shift_id":null,"state":"sent","tender_currency":null,"tender_due_minor":null,"tender_method":null,"tendered_minor":null,"training":0}],"seq":1,"shift":null,"subject":"","v":1}',
  ].join(''),
  'utf8',
);

/** A sale's row in a record of version 2, in `state`, completed or not. */
const saleRow = (state: string, done: boolean): string =>
  `{"account_ref":"","cashier_id":null,"change_minor":null,"completed_at":${done ? '"2026-01-01T00:00:00.000Z"' : 'null'},"cost_currency":${done ? '"USD"' : 'null'},"cost_minor":${done ? 0 : 'null'},"counter_id":"","created_at":"2026-01-01T00:00:00.000Z","currency":"USD","id":"","idempotency_key":"","order_reference":${done ? '""' : 'null'},"package_code":"","package_name":"","quantity":1,"rate_per_100_minor":null,"receipt_number":1,"retail_total_minor":0,"retail_unit_minor":0,"shift_id":null,"state":"${state}","state_since":"2026-01-01T00:00:00.000Z","tender_currency":null,"tender_due_minor":null,"tender_method":null,"tendered_minor":null,"training":0}`;

/** Version 2's records as the chain writes them, a sale's three last (about 600 bytes a sale, all its links). */
const DICTIONARY_2 = Buffer.from(
  [
    '{"at":"2026-01-01T00:00:00.000Z","cashier":null,"counter":"","detail":null,"kind":"shift.opened","rows":[{"approved_by":null,"business_day":"2026-01-01","closed_at":null,"closed_by":null,"closing_count_id":null,"counter_id":"","drawer":"main","id":"","opened_at":"2026-01-01T00:00:00.000Z","opened_by":"","previous_shift_id":null,"state":"open","variance_reason":null,"z_number":null}],"seq":1,"shift":null,"subject":"","v":2}',
    '{"at":"2026-01-01T00:00:00.000Z","cashier":null,"counter":"","detail":null,"kind":"topup.completed","rows":[{"account_ref":"","cashier_id":null,"change_minor":null,"completed_at":null,"cost_currency":"USD","cost_minor":null,"counter_id":"","created_at":"2026-01-01T00:00:00.000Z","currency":"USD","iccid":"","id":"","inferred":0,"new_expires_at":null,"new_remaining_gb":null,"new_total_gb":null,"order_reference":null,"package_code":"","package_name":"","quoted_cost_minor":0,"rate_per_100_minor":null,"receipt_number":1,"retail_minor":0,"shift_id":null,"state":"intent","state_since":"2026-01-01T00:00:00.000Z","tender_currency":null,"tender_due_minor":null,"tender_method":null,"tendered_minor":null,"training":0}],"seq":1,"shift":null,"subject":"","v":2}',
    '{"at":"2026-01-01T00:00:00.000Z","cashier":null,"counter":"","detail":{"copyNumber":null,"language":"en","managerPin":false,"paperWidthMm":80,"record":"sale"},"kind":"receipt.original","rows":null,"seq":1,"shift":null,"subject":"","v":2}',
    `{"at":"2026-01-01T00:00:00.000Z","belonging":{"sale_esims":[{"expires_at":null,"iccid":"89","position":0,"smdp_address":"","status":"","total_volume_bytes":1073741824,"validity_days":0}]},"cashier":null,"counter":"","detail":{"cost":{"amount":0,"currency":"USD"},"orderReference":""},"kind":"sale.completed","rows":[${saleRow('completed', true)}],"seq":1,"shift":null,"subject":"","v":2}`,
    `{"at":"2026-01-01T00:00:00.000Z","belonging":{"sale_esims":[]},"cashier":null,"counter":"","detail":null,"kind":"sale.sent","rows":[${saleRow('sent', false)}],"seq":1,"shift":null,"subject":"","v":2}`,
    `{"at":"2026-01-01T00:00:00.000Z","belonging":{"sale_esims":[]},"cashier":null,"counter":"","detail":{"packageCode":"","quantity":1},"kind":"sale.intent","rows":[${saleRow('intent', false)}],"seq":1,"shift":null,"subject":"","v":2}`,
  ].join(''),
  'utf8',
);

const DICTIONARIES: Readonly<Record<string, Buffer>> = {
  'deflate-d1': DICTIONARY_1,
  'deflate-d2': DICTIONARY_2,
};

function dictionaryOf(encoding: string): Buffer {
  const dictionary = Object.hasOwn(DICTIONARIES, encoding) ? DICTIONARIES[encoding] : undefined;
  if (!dictionary) throw new Error(`unknown chain record encoding ${encoding}`);
  return dictionary;
}

/** A record's canonical JSON as stored, by the encoding records are written with now (or `encoding`). */
export function packRecord(recordJson: string, encoding: string = CHAIN_RECORD_ENCODING): Buffer {
  return deflateRawSync(Buffer.from(recordJson, 'utf8'), { level: 9, dictionary: dictionaryOf(encoding) });
}

/** A stored record back as the exact text that was hashed. */
export function unpackRecord(stored: Buffer, encoding: string): string {
  return inflateRawSync(stored, { dictionary: dictionaryOf(encoding) }).toString('utf8');
}

/** What a stored record says: its time, kind, subject and detail (throws when its bytes cannot be read). */
export function recordOfLink(stored: Buffer, encoding: string): LoggedRecord {
  const { at, kind, subject, detail } = JSON.parse(unpackRecord(stored, encoding)) as {
    at: string;
    kind: string;
    subject: string | null;
    detail: unknown;
  };
  return {
    at,
    kind,
    subject,
    detail_json: detail === null || detail === undefined ? null : JSON.stringify(detail),
  };
}

/** A record of the journal's log: its detail as JSON, with its keys in the chain's sorted order. */
export interface LoggedRecord {
  readonly at: string;
  readonly kind: string;
  readonly subject: string | null;
  readonly detail_json: string | null;
}

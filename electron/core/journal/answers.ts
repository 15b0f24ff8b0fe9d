import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { ANSWER_DICTIONARY_1 } from './answer-dictionary';
import type { Db } from './database';

/**
 * The provider's answers a record rests on, kept as received (the `answers` table): every answer to a
 * sale's, a top-up's or a cancellation's send, whatever became of it, and the reads that settled it. Rows are appended
 * in the transaction of the change they belong to, and never changed or removed (the table's
 * triggers refuse it). The body is stored deflated (most of a sale's share of the journal is its
 * answer, and JSON deflates to a fraction of its size) and inflated on read: kept whole, byte for byte.
 * The base64 in an answer's data URLs (its QR code PNGs) is stored as the bytes it encodes, which
 * deflate far better than their base64 text, and encoded back on read (see packAnswerBody).
 *
 * Since version 21 a body is a row of its own (`answer_bodies`, keyed by the answer's id) and is
 * deflated with a preset dictionary (answer-dictionary.ts). An order's answer then fits three to a page:
 * beside its answer's columns it fitted two, leaving a third of every page unused.
 */

export type AnswerRecord = 'sale' | 'topup' | 'cancellation';

/** An eSIM found in the text of an answer that could not be read: what installs it, and its ICCID if given beside it. */
export interface AnswerEsim {
  readonly iccid: string | null;
  readonly lpa: string;
  readonly smdpAddress: string;
  readonly activationCode: string;
}

export interface KeptAnswer {
  /** What was asked: `POST /esims/order`, `GET /orders`… */
  readonly request: string;
  /** The record's send it answered (a sale's attempt count; 1 for a top-up); null for a read. */
  readonly send: number | null;
  /** The client's attempt within that send (2: its re-send); null for a read. */
  readonly attempt: number | null;
  /** The HTTP status; null for a read, whose answer was a success. */
  readonly status: number | null;
  /** False when the body was cut off on its way. */
  readonly whole: boolean;
  /** This computer's clock, ISO 8601. */
  readonly receivedAt: string;
  readonly body: string;
  /** For a sale's answer that could not be read: the eSIMs found in its text (see recoverEsims). */
  readonly esims?: readonly AnswerEsim[];
}

/** Appends a record's answers after those it has, inside the caller's transaction. */
export function keepAnswers(db: Db, record: AnswerRecord, id: string, answers: readonly KeptAnswer[]): void {
  if (answers.length === 0) return;
  const { last } = db
    .prepare('SELECT coalesce(max(seq), 0) AS last FROM answers WHERE record_kind = ? AND record_id = ?')
    .get(record, id) as { last: number };
  const insert = db.prepare(
    `INSERT INTO answers (record_kind, record_id, seq, request, send, attempt, status, whole, received_at, encoding)
     VALUES (@record, @id, @seq, @request, @send, @attempt, @status, @whole, @receivedAt, @encoding)`,
  );
  const insertBody = db.prepare('INSERT INTO answer_bodies (answer_id, body) VALUES (?, ?)');
  const insertEsim = db.prepare(
    `INSERT INTO answer_esims (sale_id, answer_seq, position, iccid, lpa, smdp_address, activation_code)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  answers.forEach((answer, index) => {
    const seq = last + index + 1;
    const { body, encoding } = packAnswerBody(answer.body);
    const { lastInsertRowid } = insert.run({
      record,
      id,
      seq,
      request: answer.request,
      send: answer.send,
      attempt: answer.attempt,
      status: answer.status,
      whole: answer.whole ? 1 : 0,
      receivedAt: answer.receivedAt,
      encoding,
    });
    insertBody.run(lastInsertRowid, body);
    (answer.esims ?? []).forEach((esim, position) => {
      insertEsim.run(id, seq, position, esim.iccid, esim.lpa, esim.smdpAddress, esim.activationCode);
    });
  });
}

/**
 * How a body is stored: `deflate`, raw deflate of its UTF-8 text; `deflate-base64`, raw deflate of its
 * text with the base64 of each data URL taken out and stored as the bytes it encodes (see
 * packAnswerBody); `text`, UTF-8 as it was (answers kept before they were deflated). The same two
 * with `-d1` are deflated with the answers' first dictionary (answer-dictionary.ts), as bodies are
 * stored since version 21.
 */
export type AnswerEncoding = 'text' | 'deflate' | 'deflate-base64' | 'deflate-d1' | 'deflate-base64-d1';

/**
 * One way of deflating bodies: the encoding it names a plain body by, the one it names a body with
 * its data URLs' bytes by, and its deflate options (a dictionary among them, read back with it).
 */
interface BodyEncodings {
  readonly plain: AnswerEncoding;
  readonly withBytes: AnswerEncoding;
  readonly deflate: { readonly level?: number; readonly dictionary?: Buffer };
}

/** The encodings of version 11 to 20, without a dictionary: migration 0011 stores its bodies so. */
export const ANSWER_ENCODINGS_OF_V11: BodyEncodings = {
  plain: 'deflate',
  withBytes: 'deflate-base64',
  deflate: {},
};
/** The encodings a body is stored with now. */
const NOW: BodyEncodings = {
  plain: 'deflate-d1',
  withBytes: 'deflate-base64-d1',
  deflate: { level: 9, dictionary: ANSWER_DICTIONARY_1 },
};

/** Every way bodies have been deflated, the first first: each is still read. */
const EVERY_BODY_ENCODINGS: readonly BodyEncodings[] = [ANSWER_ENCODINGS_OF_V11, NOW];

/** The way a deflated body was stored, by its encoding. */
function bodyEncodingsOf(encoding: AnswerEncoding): BodyEncodings {
  const found = EVERY_BODY_ENCODINGS.find((way) => way.plain === encoding || way.withBytes === encoding);
  if (!found) throw new Error(`unknown answer body encoding ${encoding}`);
  return found;
}

/** A kept answer as stored: the body's bytes and how they are encoded. */
interface AnswerRow {
  readonly request: string | null;
  readonly send: number | null;
  readonly attempt: number | null;
  readonly status: number | null;
  readonly whole: number;
  readonly received_at: string;
  readonly body: Buffer;
  readonly encoding: AnswerEncoding;
}

/** The base64 of a data URL, as `;base64,` followed by it. */
const DATA_URL_BASE64 = /;base64,([A-Za-z0-9+/]+={0,2})/g;

/**
 * An answer body as stored. Where it holds data URLs, their base64 is taken out of the text and kept
 * as bytes after it: a container of a 4-byte length, a JSON header (the text without the base64, and
 * where each run was and how many bytes it holds), then the bytes; the whole deflated. Kept that way
 * only when every run is base64 in its one canonical form, so that encoding its bytes again gives
 * back exactly the text received; otherwise the text is deflated as it is.
 */
export function packAnswerBody(
  text: string,
  encodings: BodyEncodings = NOW,
): { body: Buffer; encoding: AnswerEncoding } {
  const deflated = (bytes: Buffer): Buffer => deflateRawSync(bytes, encodings.deflate);
  const plain = (): { body: Buffer; encoding: AnswerEncoding } => ({
    body: deflated(Buffer.from(text, 'utf8')),
    encoding: encodings.plain,
  });
  const runs: [number, number][] = [];
  const bytes: Buffer[] = [];
  let stripped = '';
  let from = 0;
  for (const match of text.matchAll(DATA_URL_BASE64)) {
    const start = (match.index ?? 0) + ';base64,'.length;
    const decoded = Buffer.from(match[1] ?? '', 'base64');
    // Base64 that is not in its one canonical form would not be written back the same.
    if (decoded.toString('base64') !== match[1]) return plain();
    stripped += text.slice(from, start);
    runs.push([stripped.length, decoded.length]);
    bytes.push(decoded);
    from = start + (match[1] ?? '').length;
  }
  if (runs.length === 0) return plain();
  stripped += text.slice(from);
  const header = Buffer.from(JSON.stringify({ text: stripped, runs }), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return { body: deflated(Buffer.concat([length, header, ...bytes])), encoding: encodings.withBytes };
}

/** The text of a stored answer body, exactly as it was received. */
export function answerBodyText(body: Buffer, encoding: AnswerEncoding): string {
  if (encoding === 'text') return body.toString('utf8');
  const way = bodyEncodingsOf(encoding);
  const inflated = inflateRawSync(body, { dictionary: way.deflate.dictionary });
  if (encoding === way.plain) return inflated.toString('utf8');
  const headerEnd = 4 + inflated.readUInt32BE(0);
  const { text, runs } = JSON.parse(inflated.subarray(4, headerEnd).toString('utf8')) as {
    text: string;
    runs: [number, number][];
  };
  let out = '';
  let from = 0;
  let at = headerEnd;
  for (const [position, length] of runs) {
    out += text.slice(from, position) + inflated.subarray(at, at + length).toString('base64');
    from = position;
    at += length;
  }
  return out + text.slice(from);
}

/**
 * A record's answers, in the order the journal took them, with their bodies inflated. `request` is
 * null for an answer kept before the answers had their own table (see migration 0007).
 */
export function answersOf(
  db: Db,
  record: AnswerRecord,
  id: string,
): (Omit<KeptAnswer, 'request' | 'esims'> & { readonly request: string | null; readonly seq: number })[] {
  const rows = db
    .prepare(
      `SELECT seq, request, send, attempt, status, whole, received_at, body, encoding
       FROM answers JOIN answer_bodies ON answer_id = id
       WHERE record_kind = ? AND record_id = ? ORDER BY seq`,
    )
    .all(record, id) as (AnswerRow & { seq: number })[];
  return rows.map((row) => ({
    seq: row.seq,
    request: row.request,
    send: row.send,
    attempt: row.attempt,
    status: row.status,
    whole: row.whole === 1,
    receivedAt: row.received_at,
    body: answerBodyText(row.body, row.encoding),
  }));
}

/**
 * The eSIMs a sale's unreadable answers named, each once (by its LPA, with an ICCID where any answer
 * gave one), in the order the answers came. They include what installs each: for the core only.
 */
export function answerEsimsOf(db: Db, saleId: string): AnswerEsim[] {
  const rows = db
    .prepare(
      `SELECT iccid, lpa, smdp_address, activation_code FROM answer_esims WHERE sale_id = ?
       ORDER BY answer_seq, position`,
    )
    .all(saleId) as { iccid: string | null; lpa: string; smdp_address: string; activation_code: string }[];
  const byLpa = new Map<string, AnswerEsim>();
  for (const row of rows) {
    const known = byLpa.get(row.lpa);
    if (known && (known.iccid !== null || row.iccid === null)) continue;
    byLpa.set(row.lpa, {
      iccid: row.iccid,
      lpa: row.lpa,
      smdpAddress: row.smdp_address,
      activationCode: row.activation_code,
    });
  }
  return [...byLpa.values()];
}

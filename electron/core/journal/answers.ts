import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Db } from './database';

/**
 * The provider's answers a record rests on, kept as received (the `answers` table): every answer to a
 * sale's, a top-up's or a cancellation's send, whatever became of it, and the reads that settled it. Rows are appended
 * in the transaction of the change they belong to, and never changed or removed (the table's
 * triggers refuse it). The body is stored deflated (most of a sale's share of the journal is its
 * answer, and JSON deflates to a fraction of its size) and inflated on read: kept whole, byte for byte.
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
    `INSERT INTO answers (record_kind, record_id, seq, request, send, attempt, status, whole, received_at, body,
       encoding)
     VALUES (@record, @id, @seq, @request, @send, @attempt, @status, @whole, @receivedAt, @body, 'deflate')`,
  );
  const insertEsim = db.prepare(
    `INSERT INTO answer_esims (sale_id, answer_seq, position, iccid, lpa, smdp_address, activation_code)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  answers.forEach((answer, index) => {
    const seq = last + index + 1;
    insert.run({
      record,
      id,
      seq,
      request: answer.request,
      send: answer.send,
      attempt: answer.attempt,
      status: answer.status,
      whole: answer.whole ? 1 : 0,
      receivedAt: answer.receivedAt,
      body: deflateRawSync(Buffer.from(answer.body, 'utf8')),
    });
    (answer.esims ?? []).forEach((esim, position) => {
      insertEsim.run(id, seq, position, esim.iccid, esim.lpa, esim.smdpAddress, esim.activationCode);
    });
  });
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
  readonly encoding: 'text' | 'deflate';
}

/** The text of a stored answer body, exactly as it was received. */
export function answerBodyText(body: Buffer, encoding: 'text' | 'deflate'): string {
  return (encoding === 'deflate' ? inflateRawSync(body) : body).toString('utf8');
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
      `SELECT seq, request, send, attempt, status, whole, received_at, body, encoding FROM answers
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

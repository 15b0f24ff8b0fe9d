import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Db } from '../electron/core/journal/database';
import { SalesJournal } from '../electron/core/journal/sales-journal';
import { ReceiptLog } from '../electron/core/receipts/receipt-log';
import { startSimulator } from '../electron/simulator/index';
import { money } from '../shared/money';

/**
 * Grows a real journal (every migration, index and trigger) to a given number of sales, fast. One
 * day of a busy counter (1,000 sales) is sold through the sales journal itself, with the simulator's
 * real answer to an order (a QR code image and all); every earlier day is that day copied back in
 * time by INSERT…SELECT, a day's rows at a time, in big transactions. Copies of a sale left open that
 * day are failed: a shop's journal holds a handful of open sales whatever its age.
 */

export const DAY_SALES = 1_000;

/**
 * Ids shaped as the counter makes them, so that a sale's bytes are those of a shop's journal: a
 * counter id of seven characters (core.ts), UUIDs for sales, cashiers and shifts (each a third of a
 * chain link's columns and most of its index entries), idempotency keys of the counter id and a UUID
 * (order-keys.ts), and the provider's order references. Made from a hash of a name, so every run
 * grows the same journal.
 */
export const COUNTER = 'CBE0C11';
/** SHA-256 of `name`, in hex: the source of every made-up id below. */
const hexOf = (name: string): string => createHash('sha256').update(name).digest('hex');
function uuidOf(name: string): string {
  const hex = hexOf(name);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
const CASHIER = uuidOf('cashier');
export const TODAY_SHIFT = uuidOf('shift');
/** The id of sale `i` (0-based) of the day sold last, or of the day `tag` names (sellDays). */
export const saleIdOf = (i: number, tag = ''): string => uuidOf(`sale ${tag}${i}`);
/** An activation code as the provider's look: three groups of six characters after its prefix. */
function activationCodeOf(i: number, n: number): string {
  const text = hexOf(`esim ${i} ${n}`).slice(0, 18).toUpperCase();
  return `K2-${text.slice(0, 6)}-${text.slice(6, 12)}-${text.slice(12)}`;
}
/** An order reference as the provider writes it: the day, then eight characters of its own. */
const orderReferenceOf = (day: string, i: number): string =>
  `ORD-${day.replaceAll('-', '')}-${hexOf(`order ${i}`).slice(0, 8).toUpperCase()}`;
/** Days copied per transaction. */
const DAYS_PER_TRANSACTION = 25;

/** The simulator's answer to one order, exactly as it sends it. */
export async function simulatorOrderAnswer(): Promise<string> {
  const sim = await startSimulator({ seed: 3 });
  try {
    const { accessCode, secretKey } = sim.defaultAccount;
    const signed = async (method: string, path: string, payload?: unknown): Promise<string> => {
      const body = payload === undefined ? '' : JSON.stringify(payload);
      const timestamp = String(Date.now());
      const requestId = randomUUID();
      const signature = createHmac('sha256', secretKey)
        .update(`${timestamp}${requestId}${accessCode}${body}`)
        .digest('hex')
        .toUpperCase();
      const response = await fetch(`${sim.baseUrl}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'rt-accesscode': accessCode,
          'rt-requestid': requestId,
          'rt-timestamp': timestamp,
          'rt-signature': signature,
        },
        ...(body ? { body } : {}),
      });
      return response.text();
    };
    const packages = JSON.parse(await signed('GET', '/esims/packages?limit=1')) as {
      data: { packages: { package_code: string }[] };
    };
    const packageCode = packages.data.packages[0]?.package_code;
    if (!packageCode) throw new Error('the simulator lists no package');
    return await signed('POST', '/esims/order', { packageCode, quantity: 1, idempotency_key: randomUUID() });
  } finally {
    await sim.close();
  }
}

/** When sale `i` of a day (0-based) was made: spread over 08:00 to 20:00 UTC. */
function saleTime(day: string, i: number): string {
  const ms = Date.parse(`${day}T08:00:00.000Z`) + Math.floor((i * 12 * 3_600_000) / DAY_SALES);
  return new Date(ms).toISOString();
}

/**
 * Sells one day through the sales journal: mostly completed (one to three eSIMs) with their receipts
 * printed, some failed, a few left pending, in doubt or sent (the open sales any shop has), one in
 * twenty answered twice. `tag` sets a day's ids and ICCIDs apart from every other day's (sellDays);
 * the day sold last has none.
 */
export function sellOneDay(db: Db, day: string, answer: string, tag = ''): void {
  const now = new Date(`${day}T07:00:00.000Z`).toISOString();
  db.prepare(
    `INSERT INTO settings (key, value_json) VALUES ('counter.id', '"${COUNTER}"'), ('counter.cashier', '"${CASHIER}"')
     ON CONFLICT DO UPDATE SET value_json = excluded.value_json`,
  ).run();
  db.prepare(
    `INSERT INTO cashiers (id, name, role, pin_json, created_at) VALUES (?, 'Manager', 'manager', NULL, ?)
     ON CONFLICT DO NOTHING`,
  ).run(CASHIER, now);
  db.prepare(
    `INSERT INTO shifts (id, counter_id, drawer, state, business_day, opened_at, opened_by)
     VALUES (?, ?, 'main', 'open', ?, ?, ?) ON CONFLICT DO NOTHING`,
  ).run(TODAY_SHIFT, COUNTER, day, now, CASHIER);
  const sales = new SalesJournal(db);
  const receipts = new ReceiptLog(db);
  const iccidInAnswer = /"iccid":"(\d+)"/.exec(answer)?.[1] ?? '8985220609500000019';
  const referenceInAnswer = /"orderReference":"([^"]+)"/.exec(answer)?.[1] ?? 'ORD-';
  for (let i = 0; i < DAY_SALES; i++) {
    const at = saleTime(day, i);
    const quantity = 1 + (i % 7 === 0 ? 2 : i % 5 === 0 ? 1 : 0);
    const unit = 300 + (i % 13) * 100;
    const id = saleIdOf(i, tag);
    const sale = {
      id,
      counterId: COUNTER,
      cashierId: CASHIER,
      shiftId: TODAY_SHIFT,
      training: true,
      accountRef: 'bench-account',
      packageCode: `PKG-${i % 40}`,
      packageName: `Package ${i % 40}`,
      quantity,
      idempotencyKey: `${COUNTER}-${uuidOf(`key ${tag}${i}`)}`,
      retailUnit: money(unit, 'USD'),
      retailTotal: money(unit * quantity, 'USD'),
      quotedCost: money((unit - 100) * quantity, 'USD'),
    };
    // In intent: a journal from before a new sale was written sent, stopped before sending it.
    if (i === DAY_SALES - 1) {
      sales.createIntent(sale, at);
      continue;
    }
    sales.createSent(sale, at);
    // The day sold last starts its ICCIDs 89852206 (copyDaysBack's copies start theirs 8986).
    const iccid = (n: number): string =>
      `8985${tag === '' ? '2206' : day.slice(5).replace('-', '')}${String(i * 10 + n).padStart(11, '0')}`;
    const orderReference = orderReferenceOf(day, i);
    const body = answer.replaceAll(iccidInAnswer, iccid(0)).replaceAll(referenceInAnswer, orderReference);
    const kept = (status: number, text: string, attempt = 1) => ({
      request: 'POST /esims/order',
      send: 1,
      attempt,
      status,
      whole: true,
      receivedAt: at,
      body: text,
    });
    const busy = kept(503, '{"success":false,"message":"Service temporarily unavailable"}');
    if (i % 40 === 1) {
      sales.markFailed(id, { code: 'INSUFFICIENT_BALANCE', message: 'not enough balance' }, at, [
        kept(
          400,
          '{"success":false,"code":"INSUFFICIENT_BALANCE","currentBalance":1.2,"requiredBalance":3.99}',
        ),
      ]);
    } else if (i >= DAY_SALES - 6) {
      // Open at the end of the day: two in doubt, two pending, one sent.
      if (i < DAY_SALES - 4) sales.markInDoubt(id, { code: 'TIMEOUT', message: 'no answer' }, at, [busy]);
      else if (i < DAY_SALES - 2)
        sales.markPending(
          id,
          {
            orderReference,
            cost: null,
            nextCheckAt: at,
            giveUpAt: at,
            answers: [kept(200, body)],
          },
          at,
        );
    } else {
      sales.markCompleted(
        id,
        {
          orderReference,
          cost: money((unit - 100) * quantity, 'USD'),
          newBalance: money(1_000_000 - i, 'USD'),
          esims: Array.from({ length: quantity }, (_, n) => {
            const code = activationCodeOf(i, n);
            const lpa = `LPA:1$rsp.skyline-mobile.example.com$${code}`;
            return {
              iccid: iccid(n),
              lpa,
              smdpAddress: 'rsp.skyline-mobile.example.com',
              activationCode: code,
              appleInstallUrl: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${lpa}`,
              androidInstallUrl: null,
              status: 'New',
              totalVolumeBytes: 1_073_741_824,
              validityDays: 7,
              expiresAt: null,
            };
          }),
          answers: i % 20 === 0 ? [busy, kept(200, body, 2)] : [kept(200, body)],
        },
        at,
      );
      // The cashier prints its receipt, as at the counter: a record in the chain.
      receipts.record({
        kind: 'sale',
        id,
        at,
        copyNumber: null,
        language: 'en',
        paperWidthMm: 80,
        managerPin: false,
      });
    }
  }
}

/**
 * Sells `days` days through the sales journal, one after another, the last on `lastDay`: a journal as
 * a counter grows it, sale by sale in time order, with no day copied. Each day in one transaction,
 * written without fsyncs (the bytes are the same).
 */
export function sellDays(db: Db, lastDay: string, days: number, answer: string): void {
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = OFF');
  try {
    for (let k = days - 1; k >= 0; k--) {
      const day = new Date(Date.parse(`${lastDay}T00:00:00.000Z`) - k * 86_400_000)
        .toISOString()
        .slice(0, 10);
      db.transaction(() => sellOneDay(db, day, answer, k === 0 ? '' : `${day} `))();
    }
  } finally {
    db.pragma(`synchronous = ${synchronous}`);
  }
}

/** Columns of a table, with some replaced by expressions over the template row `t` and the day copy `k.i`. */
function copyStatement(
  db: Db,
  table: string,
  replaced: Record<string, string>,
  skip: readonly string[],
): string {
  const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[])
    .map((column) => column.name)
    .filter((name) => !skip.includes(name));
  return `WITH RECURSIVE k(i) AS (SELECT CAST(@first AS INTEGER) UNION ALL SELECT i + 1 FROM k WHERE i < @last)
    INSERT INTO ${table} (${columns.join(', ')})
    SELECT ${columns.map((name) => replaced[name] ?? `t.${name}`).join(', ')}
    FROM k, ${table} AS t WHERE t.rowid <= @templateRows`;
}

const back = (column: string): string =>
  `CASE WHEN t.${column} IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', t.${column}, '-' || k.i || ' days') END`;
/**
 * An id of day copy k: the template's with its last five characters 'x' and k in four digits, so it
 * keeps its length. The 'x' is never in a template's id (hex): a template id ending in four digits
 * (the day's sale 389 ends in 0047) is never a copy's, as it was at 100,000 sales with k alone.
 */
const copyId = (column: string): string =>
  `CASE WHEN t.${column} IS NULL THEN NULL ELSE substr(t.${column}, 1, length(t.${column}) - 5) || 'x' || printf('%04d', k.i) END`;
/** The shift of day copy k, made as copyId makes the sales' ids. */
const COPY_SHIFT = `'${TODAY_SHIFT.slice(0, -5)}x' || printf('%04d', k.i)`;
/** An order reference of day copy k: the day's, with its own eight characters. */
const copyReference = `CASE WHEN t.order_reference IS NULL THEN NULL ELSE 'ORD-' || strftime('%Y%m%d', t.created_at, '-' || k.i || ' days') || substr(t.order_reference, 13) END`;
const OPEN = `('intent', 'sent', 'in_doubt', 'pending', 'support')`;

/**
 * Copies the day sold by `sellOneDay` back in time until the journal holds `total` sales (rounded to
 * whole days): day copy k is k days earlier, its ids ending in x and k (copyId), its shift closed (not
 * counted).
 */
export function copyDaysBack(db: Db, total: number, progress: (sales: number) => void = () => {}): void {
  const days = Math.max(1, Math.round(total / DAY_SALES));
  if (days === 1) return;
  const rows = (table: string): number =>
    (db.prepare(`SELECT coalesce(max(rowid), 0) AS n FROM ${table}`).get() as { n: number }).n;
  const template = {
    sales: rows('sales'),
    sale_esims: rows('sale_esims'),
    answers: rows('answers'),
    answer_bodies: rows('answer_bodies'),
    chain: rows('chain'),
  };
  const chainSeqs = template.chain;
  const statements = [
    {
      rows: template.sales,
      sql: copyStatement(
        db,
        'sales',
        {
          id: copyId('id'),
          idempotency_key: copyId('idempotency_key'),
          order_reference: copyReference,
          shift_id: COPY_SHIFT,
          receipt_number: `t.receipt_number + k.i * 10000`,
          state: `CASE WHEN t.state IN ${OPEN} THEN 'failed' ELSE t.state END`,
          next_check_at: 'NULL',
          give_up_at: 'NULL',
          created_at: back('created_at'),
          updated_at: back('updated_at'),
          sent_at: back('sent_at'),
          state_since: back('state_since'),
          completed_at: back('completed_at'),
        },
        [],
      ),
    },
    {
      rows: template.sale_esims,
      // The day's ICCIDs start 89852206: a copy's own start leaves none of them equal to one of the day's.
      sql: copyStatement(
        db,
        'sale_esims',
        { sale_id: copyId('sale_id'), iccid: `'8986' || printf('%04d', k.i) || substr(t.iccid, 9)` },
        [],
      ),
    },
    {
      rows: template.answers,
      sql: copyStatement(
        db,
        'answers',
        {
          id: `t.id + k.i * ${template.answers}`,
          record_id: copyId('record_id'),
          received_at: back('received_at'),
        },
        [],
      ),
    },
    {
      // A body belongs to its answer by id: a copy's to the copy's answer, shifted alike.
      rows: template.answer_bodies,
      sql: copyStatement(db, 'answer_bodies', { answer_id: `t.answer_id + k.i * ${template.answers}` }, []),
    },
    {
      rows: template.chain,
      sql: copyStatement(
        db,
        'chain',
        {
          seq: `t.seq + k.i * ${chainSeqs}`,
          subject: copyId('subject'),
          // Only the links the counter fills it on (LOOKED_UP_BY_SHIFT in chain.ts) hold a shift.
          shift_id: `CASE WHEN t.shift_id IS NULL THEN NULL ELSE ${COPY_SHIFT} END`,
          at: back('at'),
        },
        [],
      ),
    },
  ].map(({ rows: templateRows, sql }) => ({ templateRows, statement: db.prepare(sql) }));
  const shift = db.prepare(
    `WITH RECURSIVE k(i) AS (SELECT CAST(@first AS INTEGER) UNION ALL SELECT i + 1 FROM k WHERE i < @last)
     INSERT INTO shifts (id, counter_id, drawer, state, business_day, opened_at, opened_by, closed_at, closed_by, z_number)
     SELECT ${COPY_SHIFT}, counter_id, drawer, 'not_counted', date(business_day, '-' || k.i || ' days'),
       strftime('%Y-%m-%dT%H:%M:%fZ', opened_at, '-' || k.i || ' days'), opened_by,
       strftime('%Y-%m-%dT%H:%M:%fZ', opened_at, '-' || k.i || ' days', '+14 hours'), opened_by, @days - k.i
     FROM k, shifts WHERE shifts.id = @today`,
  );
  // Growing indexes spill to disk mid-statement with the journal's small page cache.
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -1048576');
  db.pragma('synchronous = OFF');
  try {
    for (let first = 1; first < days; first += DAYS_PER_TRANSACTION) {
      const last = Math.min(days - 1, first + DAYS_PER_TRANSACTION - 1);
      db.transaction(() => {
        shift.run({ first, last, days, today: TODAY_SHIFT });
        for (const { templateRows, statement } of statements) statement.run({ first, last, templateRows });
      })();
      progress((last + 1) * DAY_SALES);
    }
  } finally {
    db.pragma('synchronous = FULL');
    db.pragma(`cache_size = ${cacheSize}`);
  }
}

import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { withoutOwnFsync } from '../electron/core/journal/journal-write';
import { bareSignedOrder, endpointOfChild } from './processes';

/**
 * The least a web-hosted counter can do: the same two loopback hops as the counter's web host (the
 * caller to this process, this process to the simulator) and nothing else. POST /api/sell with the
 * bearer token forwards one signed order and answers once the simulator has; no events, no checks.
 * The sale bench times it beside the counter's host, so its figures say how much of a sale's time is
 * the hops alone on the machine that runs them. Prints `{origin, token}` when it listens.
 *
 * With `--journal <file>` it also keeps the one promise no counter may drop: a row for the order is
 * committed with its fsync (WAL, synchronous=FULL) before the order leaves, and marked answered after
 * without an fsync of its own, as the counter's journal does. That is the floor of any counter that
 * cannot lose a charge: the hops and one fsync, nothing of the chain, the answer kept or the eSIMs.
 */
const { values } = parseArgs({
  options: { 'api-base-url': { type: 'string' }, journal: { type: 'string' } },
  strict: true,
});
const sim = endpointOfChild('forwarding-host', values['api-base-url']);
const orders = values.journal ? orderRows(values.journal) : null;
const token = randomBytes(24).toString('base64url');
const expected = `Bearer ${token}`;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const answer = async (): Promise<unknown> => {
      if (req.url !== '/api/sell' || req.headers.authorization !== expected) throw new Error('refused');
      const { packageCode } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { packageCode: string };
      const id = orders?.intent(packageCode);
      await bareSignedOrder(sim, packageCode);
      if (id !== undefined) orders?.answered(id);
      return { ok: true, value: { state: 'completed' } };
    };
    answer().then(
      (value) => send(200, value),
      (error: unknown) => send(500, { ok: false, error: { code: 'INTERNAL', message: String(error) } }),
    );
  });
  const send = (status: number, value: unknown): void => {
    const text = Buffer.from(JSON.stringify(value));
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': text.length });
    res.end(text);
  };
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ origin: `http://127.0.0.1:${port}`, token })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

/** One row per order: its intent durable before it is sent, its answer riding on the next fsync. */
function orderRows(file: string): { intent(packageCode: string): number; answered(id: number): void } {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS orders (id INTEGER PRIMARY KEY, package_code TEXT NOT NULL,
    state TEXT NOT NULL) STRICT`);
  const insert = db.prepare("INSERT INTO orders (package_code, state) VALUES (?, 'sent')");
  const update = db.prepare("UPDATE orders SET state = 'answered' WHERE id = ?");
  return {
    intent: (packageCode) => Number(insert.run(packageCode).lastInsertRowid),
    answered: (id) => withoutOwnFsync(db, () => update.run(id)),
  };
}

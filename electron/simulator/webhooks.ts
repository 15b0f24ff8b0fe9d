import { createHmac } from 'node:crypto';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  WEBHOOK_RESPONSE_DEADLINE_MS,
  WEBHOOK_RETRY_DELAYS_S,
  WEBHOOK_SECRET_PREFIX,
  type WebhookEventName,
  type WebhookPayload,
} from '../../shared/api';
import { nextSerial } from './db';
import { type AccountRow, accountById } from './ledger';
import { derive } from './seed';
import type { Sim } from './sim';

/**
 * Webhook deliveries: one row per event, POSTed with the four headers and a `sha256=` signature
 * over the raw body, retried after 10 s, 30 s, 2 min and 10 min (simulated time), then marked
 * failed. The secret is derived from the seed and the configuration's generation, never stored.
 */

export interface DeliveryRow {
  readonly id: string;
  readonly seq: number;
  readonly account_id: number;
  readonly event: WebhookEventName;
  readonly url: string;
  readonly generation: number;
  readonly payload: string;
  readonly status: 'pending' | 'delivered' | 'failed';
  readonly attempts: number;
  readonly next_attempt_at: number | null;
  readonly last_status_code: number | null;
  readonly last_error: string | null;
  readonly created_at: number;
  readonly last_attempt_at: number | null;
}

export function webhookSecret(
  sim: Sim,
  account: Pick<AccountRow, 'access_code'>,
  generation: number,
): string {
  return `${WEBHOOK_SECRET_PREFIX}${derive(sim.seed, `webhook:${account.access_code}:${generation}`).toString('base64url')}`;
}

/** A UUID v4 made from derived bytes, so one seed gives one sequence of delivery ids. */
function uuidFrom(bytes: Buffer): string {
  const b = Buffer.from(bytes.subarray(0, 16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function subscribedEvents(account: AccountRow): readonly WebhookEventName[] {
  return account.webhook_events ? (JSON.parse(account.webhook_events) as WebhookEventName[]) : [];
}

type EventData<E extends WebhookEventName> = Extract<WebhookPayload, { event: E }>['data'];

/** Queues an event for the account's webhook, if it has one that subscribes to the event. */
export function emitEvent<E extends WebhookEventName>(
  sim: Sim,
  accountId: number,
  event: E,
  data: EventData<E>,
): void {
  const account = accountById(sim.db, accountId);
  if (!account.webhook_url || !subscribedEvents(account).includes(event)) return;
  const now = sim.clock.now();
  const seq = nextSerial(sim.db, 'webhook');
  const id = uuidFrom(derive(sim.seed, `webhook-delivery:${seq}`));
  const payload = JSON.stringify({ event, timestamp: sim.clock.iso(now), data });
  sim.db
    .prepare(
      `INSERT INTO webhook_deliveries (id, seq, account_id, event, url, generation, payload, status, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
    )
    .run(id, seq, accountId, event, account.webhook_url, account.webhook_generation, payload, now, now);
  schedule(sim, id, 0);
}

function schedule(sim: Sim, id: string, simulatedDelayMs: number): void {
  sim.clock.after(simulatedDelayMs, () => {
    void attempt(sim, id);
  });
}

function deliveryById(sim: Sim, id: string): DeliveryRow | undefined {
  return sim.db.prepare('SELECT * FROM webhook_deliveries WHERE id = ?').get(id) as DeliveryRow | undefined;
}

/** The receiver's deadline: 10 s, shortened by the time scale but never below 1 s of real time. */
function deadlineMs(sim: Sim): number {
  return Math.max(1000, sim.clock.real(WEBHOOK_RESPONSE_DEADLINE_MS));
}

async function attempt(sim: Sim, id: string): Promise<void> {
  const delivery = deliveryById(sim, id);
  if (delivery?.status !== 'pending' || !sim.db.open) return;
  const account = accountById(sim.db, delivery.account_id);
  const secret = webhookSecret(sim, account, delivery.generation);
  const signature = createHmac('sha256', secret).update(delivery.payload).digest('hex');
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_HEADERS.event]: delivery.event,
        [WEBHOOK_HEADERS.signature]: `sha256=${signature}`,
        [WEBHOOK_HEADERS.timestamp]: sim.clock.iso(),
        [WEBHOOK_HEADERS.id]: delivery.id,
      },
      body: delivery.payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(deadlineMs(sim)),
    });
    status = response.status;
    await response.body?.cancel();
    if (status < 200 || status >= 300) error = `HTTP ${status}`;
  } catch (e) {
    error = (e as Error).name === 'TimeoutError' ? 'no answer within 10 s' : 'connection failed';
  }
  if (!sim.db.open) return;
  const now = sim.clock.now();
  const attempts = delivery.attempts + 1;
  const delay = WEBHOOK_RETRY_DELAYS_S[attempts - 1];
  const next = error === null ? 'delivered' : delay === undefined ? 'failed' : 'pending';
  const nextAt = next === 'pending' && delay !== undefined ? now + delay * 1000 : null;
  sim.db
    .prepare(
      `UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, last_status_code = ?, last_error = ?,
         last_attempt_at = ? WHERE id = ?`,
    )
    .run(next, attempts, nextAt, status, error, now, id);
  sim.db
    .prepare(
      'INSERT INTO webhook_attempts (delivery_id, at, status_code, error, next_attempt_at) VALUES (?, ?, ?, ?, ?)',
    )
    .run(id, now, status, error, nextAt);
  if (nextAt !== null && delay !== undefined) schedule(sim, id, delay * 1000);
}

/** Re-arms the retries of deliveries kept in a data file. */
export function resumeDeliveries(sim: Sim): void {
  const pending = sim.db
    .prepare(`SELECT * FROM webhook_deliveries WHERE status = 'pending'`)
    .all() as DeliveryRow[];
  const now = sim.clock.now();
  for (const d of pending) schedule(sim, d.id, Math.max(0, (d.next_attempt_at ?? now) - now));
}

/** `recent_deliveries` of GET /webhooks (fields not shown in the description: see docs/simulator.md). */
export function recentDeliveries(sim: Sim, accountId: number, limit = 20): Record<string, unknown>[] {
  const rows = sim.db
    .prepare('SELECT * FROM webhook_deliveries WHERE account_id = ? ORDER BY seq DESC LIMIT ?')
    .all(accountId, limit) as DeliveryRow[];
  const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());
  return rows.map((d) => ({
    id: d.id,
    event: d.event,
    url: d.url,
    status: d.status,
    attempts: d.attempts,
    last_status_code: d.last_status_code,
    last_error: d.last_error,
    created_at: iso(d.created_at),
    last_attempt_at: iso(d.last_attempt_at),
    next_attempt_at: iso(d.next_attempt_at),
  }));
}

export const AVAILABLE_EVENTS: readonly WebhookEventName[] = WEBHOOK_EVENTS;

import { isIP } from 'node:net';
import type { z } from 'zod';
import {
  WEBHOOK_EVENTS,
  type WebhookEventName,
  type WebhookGetResponseSchema,
  type WebhookPutResponseSchema,
} from '../../shared/api';
import type { ApiContext, Route } from './context';
import { accountById } from './ledger';
import { failWithoutCode, ok, type Reply } from './replies';
import { AVAILABLE_EVENTS, recentDeliveries, subscribedEvents, webhookSecret } from './webhooks';

type WebhookPutResponse = z.infer<typeof WebhookPutResponseSchema>;
type WebhookGetResponse = z.infer<typeof WebhookGetResponseSchema>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function checkUrl(ctx: ApiContext, value: unknown): URL | Reply {
  if (typeof value !== 'string' || value.trim() === '') {
    return failWithoutCode(400, 'Missing webhook_url', 'webhook_url is required (an https URL)');
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return failWithoutCode(400, 'Invalid webhook_url', `webhook_url is not a URL: ${value}`);
  }
  const loopbackHttp =
    url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && ctx.sim.allowLoopbackHttpWebhooks;
  if (url.protocol !== 'https:' && !loopbackHttp) {
    return failWithoutCode(400, 'Invalid webhook_url', 'webhook_url must be an https URL');
  }
  if (url.username || url.password) {
    return failWithoutCode(400, 'Invalid webhook_url', 'webhook_url must not carry a user name or password');
  }
  // Private and loopback addresses are refused (a provider does not post into its own network),
  // except loopback over http when the simulator runs for tests or training.
  if (!loopbackHttp && (LOOPBACK_HOSTS.has(url.hostname) || isPrivateAddress(url.hostname))) {
    return failWithoutCode(400, 'Invalid webhook_url', 'webhook_url must be a public address');
  }
  return url;
}

function isPrivateAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return /^(10\.|127\.|192\.168\.|169\.254\.|172\.(1[6-9]|2\d|3[01])\.|0\.)/.test(bare);
  if (isIP(bare) === 6) return /^(::1$|fc|fd|fe80)/i.test(bare);
  return false;
}

function checkEvents(value: unknown): WebhookEventName[] | Reply {
  if (!Array.isArray(value) || value.length === 0) {
    return failWithoutCode(
      400,
      'Invalid events',
      `events must be a non-empty list of: ${WEBHOOK_EVENTS.join(', ')}`,
    );
  }
  const unknown = value.filter((e) => !(WEBHOOK_EVENTS as readonly unknown[]).includes(e));
  if (unknown.length > 0) {
    return failWithoutCode(400, 'Invalid events', `unknown event(s): ${unknown.map(String).join(', ')}`);
  }
  return [...new Set(value as WebhookEventName[])];
}

function putWebhook(ctx: ApiContext): Reply {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const url = checkUrl(ctx, body.webhook_url);
  if (!(url instanceof URL)) return url;
  const events = checkEvents(body.events);
  if (!Array.isArray(events)) return events;
  const { db } = ctx.sim;
  // Every configuration gets a new secret, shown in this answer only.
  db.prepare(
    'UPDATE accounts SET webhook_url = ?, webhook_events = ?, webhook_generation = webhook_generation + 1 WHERE id = ?',
  ).run(url.toString(), JSON.stringify(events), ctx.account.id);
  const account = accountById(db, ctx.account.id);
  const response: WebhookPutResponse = {
    success: true,
    webhook: {
      url: url.toString(),
      secret: webhookSecret(ctx.sim, account, account.webhook_generation),
      events,
    },
  };
  return ok(response);
}

function getWebhook(ctx: ApiContext): Reply {
  const account = accountById(ctx.sim.db, ctx.account.id);
  const response: WebhookGetResponse = {
    success: true,
    webhook: account.webhook_url
      ? {
          url: account.webhook_url,
          events: [...subscribedEvents(account)],
          api_key_name: ctx.seeded.apiKeyName,
        }
      : null,
    available_events: [...AVAILABLE_EVENTS],
    recent_deliveries: recentDeliveries(ctx.sim, account.id),
  };
  return ok(response);
}

export const webhookRoutes: readonly Route[] = [
  { method: 'PUT', path: '/webhooks', handler: putWebhook },
  { method: 'GET', path: '/webhooks', handler: getWebhook },
];

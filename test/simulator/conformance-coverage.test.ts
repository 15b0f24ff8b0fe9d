import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../shared/api';
import { API_ERROR_CODES } from '../../shared/errors';

// The conformance suite promises one test per error code, endpoint and event of the description.
// This keeps the promise when either side grows: a code or endpoint nobody exercises fails here.
const here = import.meta.dirname;
const suite = readdirSync(here)
  .filter((name) => name.endsWith('.test.ts') && name !== 'conformance-coverage.test.ts')
  .map((name) => readFileSync(join(here, name), 'utf8'))
  .join('\n');

const ENDPOINTS = [
  "'GET', '/balance'",
  '/esims/packages',
  "'POST', '/esims/order'",
  '/esims/order?orderReference=',
  '/topup/packages',
  "'/topup/order'",
  "'/esims'",
  '/esims/usage/query',
  "'/esims/status'",
  "'/esims/network-events'",
  "'/esims/usage-report'",
  "'/esims/suspend'",
  "'/esims/cancel'",
  "'/esims/send-sms'",
  "'PUT', '/webhooks'",
  "'GET', '/webhooks'",
  '`/orders',
];

describe('conformance coverage', () => {
  it.each([...API_ERROR_CODES])('exercises %s over HTTP', (code) => {
    expect(suite).toContain(`'${code}'`);
  });

  it.each(ENDPOINTS)('calls %s', (endpoint) => {
    expect(suite).toContain(endpoint);
  });

  it.each([...WEBHOOK_EVENTS])('checks the %s event', (event) => {
    expect(suite).toContain(`'${event}'`);
  });
});

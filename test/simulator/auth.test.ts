import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import { call, control, sign } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({ seed: 11 });
});
afterAll(() => sim.close());

describe('authentication (rules 1–5)', () => {
  it('accepts a correctly signed GET, signed over the empty string', async () => {
    const res = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it('signs POST bodies over the exact raw bytes received (rule 1)', async () => {
    // Unusual spacing and key order: a server that re-serialises the JSON would compute another signature.
    const raw = '{ "packageCode" :  "nope",\n"quantity":1 }';
    const res = await call(sim.baseUrl, sim.defaultAccount, 'POST', '/esims/order', { raw });
    expect(res.body.code).toBe('INVALID_PACKAGE');
    const forged = await call(sim.baseUrl, sim.defaultAccount, 'POST', '/esims/order', {
      raw,
      signOver: JSON.stringify(JSON.parse(raw)),
    });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('INVALID_SIGNATURE');
  });

  it('rejects a GET signed over a body (rawBody is empty for GET)', async () => {
    const res = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', { signOver: '{}' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_SIGNATURE');
  });

  it.each([['RT-Signature'], ['RT-Timestamp'], ['RT-RequestID']] as const)(
    'answers 401 HMAC_REQUIRED when the access code comes without %s (rule 2)',
    async (missing) => {
      const res = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', { omit: [missing] });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'HMAC_REQUIRED' });
    },
  );

  it('answers 401 INVALID_API_KEY for an unknown access code (rule 3)', async () => {
    const res = await call(
      sim.baseUrl,
      { accessCode: 'RTUNKNOWN0000000', secretKey: 'x' },
      'GET',
      '/balance',
    );
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_API_KEY' });
  });

  it('answers 401 INVALID_SIGNATURE for a signature made with the wrong key (rule 3)', async () => {
    const res = await call(sim.baseUrl, { ...sim.defaultAccount, secretKey: 'wrong' }, 'GET', '/balance');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });
  });

  it('requires the signature in upper-case hex', async () => {
    const timestamp = String(Date.now());
    const requestId = randomUUID();
    const { accessCode, secretKey } = sim.defaultAccount;
    const lower = sign(secretKey, timestamp, requestId, accessCode, '').toLowerCase();
    const res = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', {
      timestamp,
      requestId,
      signature: lower,
    });
    expect(res.body.code).toBe('INVALID_SIGNATURE');
  });

  it('answers 401 with no code, naming both accepted methods, when there are no credentials (rule 4)', async () => {
    const res = await call(sim.baseUrl, null, 'GET', '/balance');
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
    expect(res.body.code).toBeUndefined();
    expect(res.body.error).toEqual(expect.any(String));
    expect(res.body.message).toMatch(/bearer token/i);
    expect(res.body.message).toMatch(/HMAC/);
  });

  it('answers 401 {success:false, message} for a bearer token (rule 7)', async () => {
    const invalid = await call(sim.baseUrl, null, 'GET', '/balance', {
      headers: { authorization: 'Bearer abc' },
    });
    expect(invalid.status).toBe(401);
    expect(invalid.body).toEqual({ success: false, message: 'Invalid token' });
    const jwt = await call(sim.baseUrl, null, 'GET', '/balance', {
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' },
    });
    expect(jwt.body).toEqual({ success: false, message: 'Token expired or not found' });
  });

  it('answers 403 INVALID_USER for valid credentials of a non-business account (rule 5)', async () => {
    const personal = sim.accounts.find((a) => a.kind === 'personal');
    expect(personal).toBeDefined();
    const res = await call(sim.baseUrl, personal ?? null, 'GET', '/balance');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_USER' });
  });

  it('answers 400 INVALID_REQUEST_ID for a request id that is not a UUID v4', async () => {
    for (const requestId of ['not-a-uuid', '', 'a3bb189e-8bf9-3888-9912-ace4e6543002']) {
      const res = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', { requestId });
      expect(res.status, requestId).toBe(400);
      expect(res.body.code).toBe('INVALID_REQUEST_ID');
    }
  });

  it('answers 400 DUPLICATE_REQUEST for a reused request id', async () => {
    const requestId = randomUUID();
    const first = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', { requestId });
    expect(first.status).toBe(200);
    const again = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', { requestId });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, code: 'DUPLICATE_REQUEST' });
  });

  it('remembers request ids for 24 hours, and forgets them after', async () => {
    const requestId = randomUUID();
    expect((await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', { requestId })).status).toBe(200);
    // Move the server clock 23 h 59 min ahead (and sign with that time): still remembered.
    const almost = 24 * 3_600_000 - 60_000;
    await control(sim, 'PUT', '/faults', { clockOffsetMs: almost });
    try {
      const within = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', {
        requestId,
        timestamp: String(Date.now() + almost),
      });
      expect(within.body.code).toBe('DUPLICATE_REQUEST');
      const past = 24 * 3_600_000 + 60_000;
      await control(sim, 'PUT', '/faults', { clockOffsetMs: past });
      const after = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', {
        requestId,
        timestamp: String(Date.now() + past),
      });
      expect(after.status).toBe(200);
    } finally {
      await control(sim, 'PUT', '/faults', { clockOffsetMs: 0 });
    }
  });

  it('answers 401 INVALID_TIMESTAMP for a timestamp older than 5 minutes, and for one that is not a number', async () => {
    const old = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', {
      timestamp: String(Date.now() - 5 * 60_000 - 5_000),
    });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('INVALID_TIMESTAMP');
    const recent = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', {
      timestamp: String(Date.now() - 4 * 60_000),
    });
    expect(recent.status).toBe(200);
    const text = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', {
      timestamp: '2024-01-01T00:00:00Z',
    });
    expect(text.body.code).toBe('INVALID_TIMESTAMP');
  });

  it('reads its clock from the wall clock it is given, under the offset', async () => {
    // A clock a year ahead of the machine's: the simulator checks timestamps, stamps the Date header
    // and dates the ledger by it, and the offset still adds to it.
    const ahead = 365 * 24 * 3_600_000;
    const given = await startSimulator({ seed: 11, now: () => Date.now() + ahead });
    try {
      const machine = await call(given.baseUrl, given.defaultAccount, 'GET', '/balance');
      expect(machine.body.code).toBe('INVALID_TIMESTAMP');
      const answer = await call(given.baseUrl, given.defaultAccount, 'GET', '/balance', {
        timestamp: String(Date.now() + ahead),
      });
      expect(answer.status).toBe(200);
      expect(Math.abs(Date.parse(answer.headers.get('date') ?? '') - Date.now() - ahead)).toBeLessThan(
        60_000,
      );
      await control(given, 'PUT', '/faults', { clockOffsetMs: 3_600_000 });
      const offset = await call(given.baseUrl, given.defaultAccount, 'GET', '/balance', {
        timestamp: String(Date.now() + ahead + 3_600_000),
      });
      expect(offset.status).toBe(200);
      const ledger = await control(given, 'GET', `/ledger?accessCode=${given.defaultAccount.accessCode}`);
      const opened = Date.parse(ledger.body.entries[0].time);
      expect(Math.abs(opened - Date.now() - ahead)).toBeLessThan(60_000);
    } finally {
      await given.close();
    }
  });

  it('sends its own clock in the Date header, so a client can learn the offset', async () => {
    const offset = 3_600_000;
    await control(sim, 'PUT', '/faults', { clockOffsetMs: offset });
    try {
      const skewed = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance');
      expect(skewed.body.code).toBe('INVALID_TIMESTAMP');
      const serverTime = Date.parse(skewed.headers.get('date') ?? '');
      expect(Math.abs(serverTime - Date.now() - offset)).toBeLessThan(60_000);
      const corrected = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', {
        timestamp: String(Date.now() + offset),
      });
      expect(corrected.status).toBe(200);
    } finally {
      await control(sim, 'PUT', '/faults', { clockOffsetMs: 0 });
    }
  });
});

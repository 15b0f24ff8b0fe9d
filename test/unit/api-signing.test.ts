import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newRequestId, signedHeaders, signRequest } from '../../electron/core/api/signing';
import { AUTH_HEADERS, isUuidV4 } from '../../shared/api/auth';

describe('request signing', () => {
  it('matches a signature computed independently (openssl dgst -sha256 -hmac)', () => {
    const body = '{"packageCode":"es_1gb_7d","quantity":1,"idempotency_key":"k-1"}';
    expect(
      signRequest(
        'sk_test_secret',
        '1700000000000',
        'f47ac10b-58cc-4372-a567-0e02b2c3d479',
        'ACCESS123',
        body,
      ),
    ).toBe('89023D64632F25E8A4D6B2927ED6276B3A03E243DF631D32685B4421E1B66640');
  });

  it('is 64 uppercase hex digits and deterministic for any inputs', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.uuid(),
        fc.string(),
        fc.string({ unit: 'grapheme' }),
        (secret, ts, id, code, body) => {
          const signature = signRequest(secret, ts, id, code, body);
          expect(signature).toMatch(/^[0-9A-F]{64}$/);
          expect(signRequest(secret, ts, id, code, body)).toBe(signature);
        },
      ),
    );
  });

  it('changes when any signed part changes', () => {
    const part = fc.string({ unit: 'grapheme', maxLength: 40 });
    fc.assert(
      fc.property(
        part,
        part,
        part,
        part,
        part,
        fc.nat(4),
        part,
        (secret, ts, id, code, body, which, other) => {
          const parts = [ts, id, code, body];
          fc.pre(which === 4 ? other !== secret : other !== parts[which]);
          const original = signRequest(secret, ts, id, code, body);
          const changed = [...parts];
          if (which < 4) changed[which] = other;
          const [ts2 = '', id2 = '', code2 = '', body2 = ''] = changed;
          // Concatenation can make two different splits sign the same string; only a different string must differ.
          fc.pre(which === 4 || `${ts2}${id2}${code2}${body2}` !== `${ts}${id}${code}${body}`);
          expect(signRequest(which === 4 ? other : secret, ts2, id2, code2, body2)).not.toBe(original);
        },
      ),
    );
  });

  it('stamps a whole-millisecond timestamp and a fresh UUID v4 on every request', () => {
    const credentials = { accessCode: 'AC-1', secretKey: 'sk_1234567890' };
    const ids = new Set<string>();
    fc.assert(
      fc.property(fc.double({ min: 1e12, max: 3e12, noNaN: true }), fc.string(), (ms, body) => {
        const { headers, requestId } = signedHeaders(credentials, ms, body);
        expect(isUuidV4(requestId)).toBe(true);
        expect(ids.has(requestId)).toBe(false);
        ids.add(requestId);
        expect(headers[AUTH_HEADERS.timestamp]).toBe(String(Math.trunc(ms)));
        expect(headers[AUTH_HEADERS.requestId]).toBe(requestId);
        expect(headers[AUTH_HEADERS.accessCode]).toBe('AC-1');
        expect(headers[AUTH_HEADERS.signature]).toBe(
          signRequest('sk_1234567890', String(Math.trunc(ms)), requestId, 'AC-1', body),
        );
      }),
    );
    expect(ids.size).toBeGreaterThan(50);
  });

  it('makes request ids that are all UUID v4 and never repeat', () => {
    const ids = Array.from({ length: 2000 }, () => newRequestId());
    expect(ids.every(isUuidV4)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Status } from '../../shared/domain/status';
import { unwrap } from '../support/core-harness';
import type { PostgresServer } from '../support/postgres';
import { newLedger, postgresPerFile } from '../support/shop-ledger';
import { hireStaff } from './end-of-day-support';
import { eventually } from './money-support';
import { joinInput, shopCounter, untilPublished } from './shop-ledger-support';

// The shop ledger over TLS, as docs/shop-ledger.md sets it up: the shop's own certificate authority
// (self-signed), a server certificate it signed, and a server that takes counters over TLS only.

const dir = mkdtempSync(join(tmpdir(), 'ledger-tls-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
}

/** A certificate authority of its own (`name`.crt, `name`.key), as a shop makes one. */
function authority(name: string): string {
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.crt`,
  );
  return join(dir, `${name}.crt`);
}

const ca = authority('shop-ca');
const strangerCa = authority('stranger-ca');
writeFileSync(join(dir, 'server.ext'), 'subjectAltName = IP:127.0.0.1, DNS:localhost\n');
openssl(
  'req',
  '-newkey',
  'rsa:2048',
  '-nodes',
  '-subj',
  '/CN=shop-ledger',
  '-keyout',
  'server.key',
  '-out',
  'server.csr',
);
openssl(
  'x509',
  '-req',
  '-in',
  'server.csr',
  '-CA',
  'shop-ca.crt',
  '-CAkey',
  'shop-ca.key',
  '-CAcreateserial',
  '-days',
  '2',
  '-extfile',
  'server.ext',
  '-out',
  'server.crt',
);

const server = postgresPerFile({
  tls: {
    cert: readFileSync(join(dir, 'server.crt'), 'utf8'),
    key: readFileSync(join(dir, 'server.key'), 'utf8'),
    tlsOnly: true,
  },
});

function address(db: string, search: string): string {
  return `postgres://127.0.0.1:${(server() as PostgresServer).port}/${db}?${search}`;
}

describe('the shop ledger over TLS', { timeout: 180_000 }, () => {
  it("joins and publishes with the server's certificate checked against the shop's own authority", async () => {
    const ledger = await newLedger(server());
    const c = await shopCounter();
    await hireStaff(c.h);
    const verified = `sslmode=verify-full&sslrootcert=${encodeURIComponent(ca)}`;
    const joined = unwrap(
      await c.h.call<Status>('joinShopLedger', {
        ...joinInput(ledger),
        address: address(ledger.database, verified),
      }),
    );
    expect(joined.shopLedger.address).toBe(
      address(ledger.database, `sslmode=verify-full&sslrootcert=${encodeURIComponent(ca)}`),
    );
    await untilPublished(c, ledger);
    // The counter's own connection is encrypted.
    const role = await ledger.query<{ role: string }>('SELECT role FROM ledger.counters');
    const tls = await eventually('the counter connection to show', async () => {
      const rows = await server().query<{ ssl: boolean }>(
        'SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.usename = $1',
        [role.rows[0]?.role],
      );
      return rows.rows[0];
    });
    expect(tls.ssl).toBe(true);
  });

  it("refuses a certificate another authority signed, and a connection without TLS, as the certificate's problem", async () => {
    const ledger = await newLedger(server());
    const c = await shopCounter();
    await hireStaff(c.h);
    for (const search of [
      `sslmode=verify-full&sslrootcert=${encodeURIComponent(strangerCa)}`,
      'sslmode=disable',
    ]) {
      const refused = await c.h.call('joinShopLedger', {
        ...joinInput(ledger),
        address: address(ledger.database, search),
      });
      expect(refused, search).toMatchObject({
        ok: false,
        error: { code: 'SHOP_LEDGER_REFUSED', details: { reason: 'tls' } },
      });
    }
  });
});

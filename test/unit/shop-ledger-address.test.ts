import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressText, ledgerClientConfig, parseLedgerAddress } from '../../electron/core/shop/ledger-address';

describe('the shop ledger address', () => {
  it('reads host, port, database and TLS in libpq words, TLS verified by default beyond this machine', () => {
    expect(parseLedgerAddress('postgres://ledger.shop.lan/shop_ledger')).toEqual({
      host: 'ledger.shop.lan',
      port: 5432,
      database: 'shop_ledger',
      sslmode: 'verify-full',
      sslrootcert: null,
    });
    expect(parseLedgerAddress(' postgresql://127.0.0.1:6543/ledger ')).toMatchObject({
      port: 6543,
      sslmode: 'disable',
    });
    expect(
      parseLedgerAddress('postgres://[::1]:5433/l?sslmode=verify-ca&sslrootcert=%2Fetc%2Fshop%2Fca.pem'),
    ).toEqual({
      host: '::1',
      port: 5433,
      database: 'l',
      sslmode: 'verify-ca',
      sslrootcert: '/etc/shop/ca.pem',
    });
  });

  it('says what is wrong with an address it cannot use', () => {
    const refused: readonly (readonly [string, string])[] = [
      ['ledger.shop.lan', 'Write the address as postgres://host:port/database.'],
      ['https://ledger.shop.lan/db', 'The address starts with postgres://.'],
      [
        'postgres://owner:secret@ledger.shop.lan/db',
        'Leave the name and password out of the address: they have fields of their own.',
      ],
      ['postgres://ledger.shop.lan/', 'The address ends with the database name.'],
      [
        'postgres://ledger.shop.lan/db?sslmode=prefer',
        'sslmode must be one of disable, require, verify-ca, verify-full, not "prefer".',
      ],
      [
        'postgres://ledger.shop.lan/db?sslmode=verify-ca',
        'sslmode=verify-ca needs the CA certificate file as sslrootcert.',
      ],
      [
        'postgres://ledger.shop.lan/db?application_name=x',
        'The address has settings this counter does not use: application_name.',
      ],
    ];
    for (const [address, problem] of refused)
      expect(parseLedgerAddress(address), address).toEqual({ problem });
  });

  it('writes the address back as it is read, and never takes settings from the environment', () => {
    const address = parseLedgerAddress('postgres://ledger.shop.lan/shop_ledger');
    if ('problem' in address) throw new Error(address.problem);
    expect(addressText(address)).toBe('postgres://ledger.shop.lan:5432/shop_ledger?sslmode=verify-full');
    expect(parseLedgerAddress(addressText(address))).toEqual(address);
    const config = ledgerClientConfig(address, { user: 'u', password: 'p' });
    expect(config).toMatchObject({ host: 'ledger.shop.lan', user: 'u', ssl: { rejectUnauthorized: true } });
    const plain = parseLedgerAddress('postgres://127.0.0.1/l');
    if ('problem' in plain) throw new Error(plain.problem);
    expect(ledgerClientConfig(plain, { user: 'u', password: 'p' }).ssl).toBe(false);
  });

  it('checks the server name with verify-full only, against the CA file the address names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledger-ca-'));
    const caFile = join(dir, 'ca.pem');
    writeFileSync(caFile, 'the CA certificate');
    try {
      const config = (mode: string) => {
        const address = parseLedgerAddress(
          `postgres://ledger.shop.lan/l?sslmode=${mode}&sslrootcert=${caFile}`,
        );
        if ('problem' in address) throw new Error(address.problem);
        return ledgerClientConfig(address, { user: 'u', password: 'p' }).ssl as Record<string, unknown>;
      };
      expect(config('verify-full')).toEqual({ ca: 'the CA certificate', rejectUnauthorized: true });
      expect(config('verify-ca')).toEqual({
        ca: 'the CA certificate',
        rejectUnauthorized: true,
        checkServerIdentity: expect.any(Function),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

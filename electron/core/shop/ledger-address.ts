import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type pg from 'pg';

/**
 * Where the shop ledger is: a PostgreSQL address in libpq's URL form, without credentials, e.g.
 * `postgres://ledger.shop.lan:5432/shop_ledger?sslmode=verify-full&sslrootcert=/etc/shop/ca.pem`.
 * TLS is read with libpq's words: `sslmode` disable, require (encrypted, certificate not checked),
 * verify-ca (signed by the CA in `sslrootcert`) or verify-full (that, and the host name). Without a
 * `sslmode`, a ledger on this machine is reached without TLS and any other with verify-full.
 */
export interface LedgerAddress {
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly sslmode: SslMode;
  /** A file holding the CA certificate(s) the server's certificate must be signed by (PEM). */
  readonly sslrootcert: string | null;
}

const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'] as const;
type SslMode = (typeof SSL_MODES)[number];

export interface LedgerLogin {
  readonly user: string;
  readonly password: string;
}

/** The address read, or what is wrong with it in words a manager can act on. */
export function parseLedgerAddress(text: string): LedgerAddress | { problem: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { problem: 'Write the address as postgres://host:port/database.' };
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    return { problem: 'The address starts with postgres://.' };
  if (url.username || url.password)
    return { problem: 'Leave the name and password out of the address: they have fields of their own.' };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) return { problem: 'The address names no server.' };
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database || database.includes('/')) return { problem: 'The address ends with the database name.' };
  const port = url.port ? Number(url.port) : 5432;
  const unknown = [...url.searchParams.keys()].filter((key) => key !== 'sslmode' && key !== 'sslrootcert');
  if (unknown.length > 0)
    return { problem: `The address has settings this counter does not use: ${unknown.join(', ')}.` };
  const mode = url.searchParams.get('sslmode');
  if (mode !== null && !(SSL_MODES as readonly string[]).includes(mode))
    return { problem: `sslmode must be one of ${SSL_MODES.join(', ')}, not "${mode}".` };
  const sslrootcert = url.searchParams.get('sslrootcert');
  const sslmode = (mode as SslMode | null) ?? (isLoopback(host) ? 'disable' : 'verify-full');
  if (sslmode === 'verify-ca' && sslrootcert === null)
    return { problem: 'sslmode=verify-ca needs the CA certificate file as sslrootcert.' };
  return { host, port, database, sslmode, sslrootcert };
}

/** The address as a manager reads and writes it (never with credentials). */
export function addressText(address: LedgerAddress): string {
  const query = new URLSearchParams({ sslmode: address.sslmode });
  if (address.sslrootcert !== null) query.set('sslrootcert', address.sslrootcert);
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return `postgres://${host}:${address.port}/${encodeURIComponent(address.database)}?${query.toString()}`;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** How long a counter waits for the ledger before it counts it unreachable. */
export interface LedgerTimeouts {
  readonly connectMs: number;
  readonly queryMs: number;
}

export const LEDGER_TIMEOUTS: LedgerTimeouts = { connectMs: 10_000, queryMs: 30_000 };

/** node-postgres's settings for `login` at `address`, nothing taken from the environment. */
export function ledgerClientConfig(
  address: LedgerAddress,
  login: LedgerLogin,
  timeouts: LedgerTimeouts = LEDGER_TIMEOUTS,
): pg.ClientConfig {
  return {
    host: address.host,
    port: address.port,
    database: address.database,
    user: login.user,
    password: login.password,
    ssl: tlsOptions(address),
    application_name: 'esim-counter',
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    keepAlive: true,
  };
}

function tlsOptions(address: LedgerAddress): false | ConnectionOptions {
  if (address.sslmode === 'disable') return false;
  const ca = address.sslrootcert === null ? undefined : readFileSync(address.sslrootcert, 'utf8');
  if (address.sslmode === 'require' && ca === undefined) return { rejectUnauthorized: false };
  return {
    ...(ca === undefined ? {} : { ca }),
    rejectUnauthorized: true,
    // verify-ca (and libpq's require with a CA) checks the signature, not the name.
    ...(address.sslmode === 'verify-full' ? {} : { checkServerIdentity: () => undefined }),
  };
}

/**
 * Drops a connection at once: a connect or a statement waiting on it fails now. end() waits for the
 * server to close its side, which a hanging server never does; and a client ended while it connects
 * never settles its connect, so this one does not end it first.
 */
export function cutConnection(client: pg.Client): void {
  // node-postgres keeps its socket on `connection.stream`, which it has no public way to destroy.
  const connection = (client as unknown as { connection?: { stream?: { destroy?: () => void } } }).connection;
  connection?.stream?.destroy?.();
}

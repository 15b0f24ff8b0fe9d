import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL server for the tests and the benchmark: Debian's PostgreSQL 15 binaries, a
 * cluster in a temporary directory owned by the `postgres` user (CI runs as root, and PostgreSQL
 * refuses to run as root), listening on a free port of 127.0.0.1 with its socket in that directory.
 * Never an imitation: roles, row-level security, triggers and crashes are PostgreSQL's own.
 *
 * `initdb` takes seconds on a loaded machine, so a run makes one template cluster and each server
 * starts on a copy of it.
 */

const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const OS_USER = 'postgres';
export const SUPERUSER = 'postgres';

export interface PostgresOptions {
  /**
   * Flush every commit to disk (the benchmark measures a real server). Tests leave it off: a killed
   * server keeps what it wrote in the kernel's cache, which is all a crash of the process loses or keeps.
   */
  readonly durable?: boolean;
  /** Serve TLS with this certificate and key (PEM); `tlsOnly` then refuses plain connections over TCP. */
  readonly tls?: { readonly cert: string; readonly key: string; readonly tlsOnly?: boolean };
}

export interface PostgresServer {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly dataDir: string;
  /** How the tests' own clients reach it: over TLS (not verified) when it serves TLS. */
  readonly ssl: pg.ClientConfig['ssl'];
  /** The superuser's connection to `database` (postgres by default). */
  superuser(database?: string): pg.ClientConfig;
  /** A connection address, as a counter is given one. */
  url(user: string, password: string, database: string, query?: string): string;
  /** A new, empty database, named after `prefix`, owned by `owner` (the superuser when absent). */
  createDatabase(prefix: string, owner?: string): Promise<string>;
  /** A new role that may log in, with CREATEROLE when asked (a shop's ledger administrator). */
  createRole(name: string, password: string, options?: { createRole?: boolean }): Promise<void>;
  /** Runs one statement as the superuser. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
    database?: string,
  ): Promise<pg.QueryResult<R>>;
  /** A fast, clean shutdown (pg_ctl stop -m fast): clients are disconnected. */
  stop(): Promise<void>;
  /** SIGKILL to the server and every process it started: a crash. */
  kill(): void;
  /** Starts it again on the same port and data (after a crash it recovers from its log). */
  start(): Promise<void>;
  readonly running: boolean;
  /** Stops it (killed if it will not stop) and removes its directory. */
  close(): Promise<void>;
}

interface Template {
  readonly dataDir: string;
  readonly password: string;
}

let template: Template | null = null;
const open = new Set<PostgresServer>();

process.on('exit', () => {
  // A test run that ends abruptly must not leave servers running behind it.
  for (const server of open) {
    try {
      server.kill();
    } catch {
      // Already gone.
    }
    rmSync(join(server.dataDir, '..'), { recursive: true, force: true });
  }
});

function asPostgres(command: string, args: readonly string[]): string {
  return execFileSync('runuser', ['-u', OS_USER, '--', join(BIN, command), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A directory only the postgres user (and root) may enter. */
function postgresDir(parent: string, prefix: string): string {
  const dir = mkdtempSync(join(parent, prefix));
  chownSync(dir, uidOf(OS_USER), gidOf(OS_USER));
  chmodSync(dir, 0o700);
  return dir;
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}

function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}

/**
 * The run's template cluster: made once per test run in the run's scratch directory (shared by the
 * workers; the first to finish renames its copy into place), or once per process outside the tests.
 */
function templateCluster(): Template {
  if (template) return template;
  const runDir = process.env.ESIM_TEST_RUN_DIR;
  const parent = runDir ?? tmpdir();
  // The postgres user must be able to pass through the run's directory to reach the template.
  if (runDir) chmodSync(runDir, 0o711);
  const finalDir = join(parent, 'postgres-template');
  if (!runDir || !existsSync(join(finalDir, 'ready'))) {
    const building = postgresDir(parent, 'postgres-template-building-');
    const password = randomBytes(18).toString('base64url');
    const passwordFile = join(building, 'password');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    chownSync(passwordFile, uidOf(OS_USER), gidOf(OS_USER));
    asPostgres('initdb', [
      '-D',
      join(building, 'data'),
      '-U',
      SUPERUSER,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      `--pwfile=${passwordFile}`,
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    writeFileSync(join(building, 'ready'), '');
    if (!runDir) {
      template = { dataDir: join(building, 'data'), password };
      const made = building;
      process.on('exit', () => rmSync(made, { recursive: true, force: true }));
      return template;
    }
    try {
      renameSync(building, finalDir);
    } catch {
      // Another worker's template got there first: use it.
      rmSync(building, { recursive: true, force: true });
    }
  }
  template = {
    dataDir: join(finalDir, 'data'),
    password: readFileSync(join(finalDir, 'password'), 'utf8').trim(),
  };
  return template;
}

/** A port nobody listens on now (the kernel's choice for port 0). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The processes whose parent is `pid` (a server's backends and workers). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        // The command may hold spaces and parentheses; the fields after its closing parenthesis do not.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(fields[1]) === pid ? [Number(name)] : [];
      } catch {
        return [];
      }
    });
}

/** A process's state letter from `/proc` (`Z` for a zombie), or null once it is gone. */
function stateOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2);
  } catch {
    return null;
  }
}

/** Blocks until every one of `pids` is gone or dead (a zombie), for at most `ms`. */
function waitDead(pids: readonly number[], ms: number): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const until = Date.now() + ms;
  while (pids.some((pid) => ![null, 'Z'].includes(stateOf(pid))) && Date.now() < until) {
    Atomics.wait(pause, 0, 0, 10);
  }
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const { dataDir: templateData, password } = templateCluster();
  const dir = postgresDir(tmpdir(), 'esim-postgres-');
  const dataDir = join(dir, 'data');
  execFileSync('cp', ['-a', templateData, dataDir]);
  const settings = [
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    `fsync = ${options.durable ? 'on' : 'off'}`,
    `synchronous_commit = ${options.durable ? 'on' : 'off'}`,
    `full_page_writes = ${options.durable ? 'on' : 'off'}`,
    'max_connections = 60',
    "log_min_messages = 'warning'",
  ];
  if (options.tls) {
    for (const [name, text] of [
      ['server.crt', options.tls.cert],
      ['server.key', options.tls.key],
    ] as const) {
      writeFileSync(join(dataDir, name), text, { mode: 0o600 });
      chownSync(join(dataDir, name), uidOf(OS_USER), gidOf(OS_USER));
    }
    settings.push('ssl = on', "ssl_cert_file = 'server.crt'", "ssl_key_file = 'server.key'");
    if (options.tls.tlsOnly) {
      writeFileSync(
        join(dataDir, 'pg_hba.conf'),
        ['local all all trust', 'hostssl all all 127.0.0.1/32 scram-sha-256', ''].join('\n'),
      );
    }
  }
  writeFileSync(join(dataDir, 'postgresql.auto.conf'), `${settings.join('\n')}\n`);
  const port = await freePort();
  let running = false;

  const pidOf = (): number | null => {
    const file = join(dataDir, 'postmaster.pid');
    if (!existsSync(file)) return null;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  };

  const start = async (): Promise<void> => {
    const result = spawnSync(
      'runuser',
      [
        '-u',
        OS_USER,
        '--',
        join(BIN, 'pg_ctl'),
        '-D',
        dataDir,
        '-l',
        join(dir, 'server.log'),
        '-w',
        '-t',
        '120',
        '-o',
        `-p ${port}`,
        'start',
      ],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) {
      const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : '';
      throw new Error(`PostgreSQL did not start on port ${port}: ${result.stderr}\n${log.slice(-2000)}`);
    }
    running = true;
  };

  const ssl = options.tls ? { rejectUnauthorized: false } : false;
  const superuser = (database = 'postgres'): pg.ClientConfig => ({
    host: '127.0.0.1',
    port,
    user: SUPERUSER,
    password,
    database,
    ssl,
  });

  const query = async <R extends pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
    database = 'postgres',
  ): Promise<pg.QueryResult<R>> => {
    const client = new pg.Client(superuser(database));
    await client.connect();
    try {
      return await client.query<R>(sql, params);
    } finally {
      await client.end();
    }
  };

  const server: PostgresServer = {
    host: '127.0.0.1',
    port,
    dataDir,
    ssl,
    superuser,
    url: (user, secret, database, search = '') =>
      `postgres://${encodeURIComponent(user)}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${database}${search ? `?${search}` : ''}`,
    async createDatabase(prefix, owner) {
      const name = `${prefix}_${randomBytes(4).toString('hex')}`.toLowerCase();
      await query(
        `CREATE DATABASE ${pg.escapeIdentifier(name)}${owner ? ` OWNER ${pg.escapeIdentifier(owner)}` : ''}`,
      );
      return name;
    },
    async createRole(name, secret, roleOptions = {}) {
      await query(
        `CREATE ROLE ${pg.escapeIdentifier(name)} LOGIN ${roleOptions.createRole ? 'CREATEROLE' : ''} PASSWORD ${pg.escapeLiteral(secret)}`,
      );
    },
    query,
    async stop() {
      if (!running) return;
      asPostgres('pg_ctl', ['-D', dataDir, '-w', '-t', '120', '-m', 'fast', 'stop']);
      running = false;
    },
    kill() {
      const pid = pidOf();
      running = false;
      if (pid === null) return;
      const killed = [pid, ...childrenOf(pid)];
      for (const each of killed) {
        try {
          process.kill(each, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      waitDead(killed, 10_000);
      // A killed server whose parent never reaps it (where no init process does) stays a zombie, which
      // PostgreSQL takes for a server still running on its lock files. It is dead: clear its locks, as a
      // machine that lost power comes back with no such process at all.
      if (stateOf(pid) === 'Z') {
        rmSync(join(dataDir, 'postmaster.pid'), { force: true });
        rmSync(join(dir, `.s.PGSQL.${port}.lock`), { force: true });
      }
    },
    start,
    get running() {
      return running;
    },
    async close() {
      open.delete(server);
      try {
        await server.stop();
      } catch {
        server.kill();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await start();
  open.add(server);
  return server;
}

/** Waits until the server answers the superuser again (after a restart), for at most `ms`. */
export async function untilAnswering(server: PostgresServer, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await server.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

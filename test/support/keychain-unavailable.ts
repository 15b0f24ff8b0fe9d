// Run as a child process with no reachable D-Bus: what the core does when there is no keychain.
// Prints one JSON line with what it saw.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Status } from '../../shared/domain/status';
import { startCoreHarness, unwrap } from './core-harness';

const dataDir = mkdtempSync(join(tmpdir(), 'nokeychain-'));
const h = await startCoreHarness({}, { dataDir });
unwrap(await h.call('setManagerPin', { pin: '2468' }));
const account = h.simulator.accounts.find((a) => a.kind === 'business' && a.currency === 'IQD')!;
const result = await h.call('setCredentials', {
  pin: '2468',
  accessCode: account.accessCode,
  secretKey: account.secretKey,
  apiBaseUrl: h.simulator.baseUrl,
});
const status = unwrap(await h.call<Status>('getStatus'));
// Read once the core is closed: a backup under way makes and removes files while it runs.
await h.close();
const secretOnDisk = readdirSync(dataDir, { recursive: true, withFileTypes: true }).some(
  (entry) => entry.isFile() && readFileSync(join(entry.parentPath, entry.name)).includes(account.secretKey),
);
rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({ keychain: status.keychain, problem: status.keychainProblem, code: result.ok ? null : result.error.code, mode: status.mode, secretOnDisk })}\n`,
);

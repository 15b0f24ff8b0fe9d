import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm start` (and `npm run package`) check the Node they run on before any of Electron's tools run:
// Electron, its installer and its rebuild tools declare the Node they need, and the tests run on an
// older one. Each check runs in a child Node that reports the version given (process.versions.node).
const root = resolve(import.meta.dirname, '../..');
const CHECK = resolve(root, 'scripts/check-start-node.mjs');

/** The newest of the minimum Node versions Electron's packages declare (`engines.node` ">= x.y.z"). */
function electronNeeds(): string {
  const minimums = ['electron', '@electron/get', '@electron/rebuild'].map((name) => {
    const { engines } = JSON.parse(readFileSync(resolve(root, 'node_modules', name, 'package.json'), 'utf8'));
    const minimum = /^>=\s*(\d+\.\d+\.\d+)$/.exec(engines?.node ?? '');
    if (!minimum) throw new Error(`${name} declares engines.node "${engines?.node}", not ">= x.y.z"`);
    return minimum[1]!.split('.').map(Number);
  });
  const [newest] = minimums.sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]! || b[2]! - a[2]!);
  return newest!.join('.');
}

/** The version just below: 22.12.0 gives 22.11.999. */
function justBelow(version: string): string {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  if (patch > 0) return `${major}.${minor}.${patch - 1}`;
  if (minor > 0) return `${major}.${minor - 1}.999`;
  return `${major - 1}.999.999`;
}

/** An environment in which every Node started reports `version`. */
function asNodeEnv(version: string): NodeJS.ProcessEnv {
  const code = `Object.defineProperty(process.versions, 'node', { value: '${version}' })`;
  return { ...process.env, NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(code)}` };
}

/** The start check alone, in a child whose Node reports `version`. */
function checkAsNode(version: string) {
  return spawnSync(process.execPath, [CHECK], { cwd: root, encoding: 'utf8', env: asNodeEnv(version) });
}

/**
 * `npm start` in a child whose Node reports `version`, in a process group of its own: were the check
 * missing, what it would start (a build of better-sqlite3, then Electron) is stopped with it.
 */
function npmStartAsNode(version: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn('npm', ['start'], { cwd: root, env: asNodeEnv(version), detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const stop = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
    child.on('close', (status) => {
      clearTimeout(stop);
      done({ status, stdout, stderr });
    });
  });
}

describe('the Node npm start needs', () => {
  const needed = electronNeeds();

  it('stops npm start before Electron, naming the Node found and the one needed', async () => {
    const start = await npmStartAsNode('20.19.0');
    expect(start.status).toBe(1);
    expect(start.stderr).toContain(`need Node ${needed} or newer`);
    expect(start.stderr).toContain('this is Node 20.19.0');
    expect(start.stdout).not.toContain('better-sqlite3');
    expect(start.stdout).not.toContain('electron-vite preview');
  });

  it('lets through the Node Electron declares and every newer one, silently', () => {
    const [major = 0, minor = 0] = needed.split('.').map(Number);
    for (const version of [needed, `${major}.${minor + 1}.0`, `${major + 1}.0.0`]) {
      const check = checkAsNode(version);
      expect({ version, status: check.status, out: check.stdout + check.stderr }).toEqual({
        version,
        status: 0,
        out: '',
      });
    }
  });

  it('refuses the version just below, comparing number by number (22.9 is older than 22.12)', () => {
    const [major = 0] = needed.split('.').map(Number);
    for (const version of [justBelow(needed), `${major}.9.0`, '20.20.2']) {
      const check = checkAsNode(version);
      expect({ version, status: check.status }).toEqual({ version, status: 1 });
      expect(check.stderr).toContain(`this is Node ${version}.`);
    }
  });
});

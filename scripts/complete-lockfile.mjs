#!/usr/bin/env node
// The npm registry this project is developed against mirrors only some platform-specific optional
// packages (e.g. @rollup/rollup-darwin-arm64, @biomejs/cli-win32-x64). `npm install` then leaves them
// out of package-lock.json, and `npm ci` refuses the lock as out of sync. This adds the missing
// entries exactly as a complete registry would list them (name, version, os, cpu, libc, optional),
// so `npm ci` skips them by platform here and fetches them normally where they exist.
// Run after any `npm install` that changes the lock: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const file = resolve(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openbsd',
  'openharmony',
  'netbsd',
  'sunos',
  'aix',
];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
};

/** Platform of a package named like `@rollup/rollup-linux-arm64-musl` or `@biomejs/cli-win32-x64`. */
function platformOf(name) {
  const tokens = name.split('/').at(-1).split('-');
  const os = tokens.find((t) => OS.includes(t));
  const cpu = tokens.map((t) => CPU[t]).find(Boolean);
  if (!os || !cpu) return null;
  const libc = os === 'linux' ? (tokens.includes('musl') ? 'musl' : 'glibc') : null;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

let added = 0;
const unknown = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) {
      unknown.push(`${name}@${version} (optional dependency of ${path || 'the project'})`);
      continue;
    }
    packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}
if (unknown.length > 0) {
  console.error(`Cannot tell the platform of:\n  ${unknown.join('\n  ')}`);
  process.exit(1);
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added.`);

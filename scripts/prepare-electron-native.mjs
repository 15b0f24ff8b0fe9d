#!/usr/bin/env node
// `npm start` runs this first. better-sqlite3 is not ABI-stable, and node_modules holds the build for
// Node (the tests use it). Electron gets its own build in build/native/electron/, which the Electron
// shell loads through better-sqlite3's `nativeBinding` option, so neither build is ever flipped.
// Usage: node scripts/prepare-electron-native.mjs [--runtime electron|node] [--target VERSION]
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { values } = parseArgs({
  options: { runtime: { type: 'string', default: 'electron' }, target: { type: 'string' } },
});
const runtime = values.runtime;
if (runtime !== 'electron' && runtime !== 'node') {
  console.error(`--runtime must be electron or node, not "${runtime}"`);
  process.exit(2);
}

const sqliteDir = join(root, 'node_modules', 'better-sqlite3');
const sqliteVersion = JSON.parse(readFileSync(join(sqliteDir, 'package.json'), 'utf8')).version;
const target =
  values.target ??
  (runtime === 'electron'
    ? JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version
    : process.versions.node);

const outDir = join(root, 'build', 'native', runtime);
const outFile = join(outDir, 'better_sqlite3.node');
const stampFile = join(outDir, 'stamp.json');
const stamp = JSON.stringify({
  runtime,
  target,
  sqliteVersion,
  platform: process.platform,
  arch: process.arch,
});
if (existsSync(outFile) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp)
  process.exit(0);

console.log(
  `Preparing better-sqlite3 ${sqliteVersion} for ${runtime} ${target} (${process.platform}-${process.arch})…`,
);
const work = join(root, 'build', 'native', 'work', runtime);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
cpSync(sqliteDir, work, { recursive: true, filter: (src) => !src.startsWith(join(sqliteDir, 'build')) });

const arch = process.arch;
const prebuilt = spawnSync(
  process.execPath,
  [require.resolve('prebuild-install/bin.js'), '--runtime', runtime, '--target', target, '--arch', arch],
  { cwd: work, stdio: 'inherit' },
);
if (prebuilt.status !== 0) {
  console.log(
    'No prebuilt binary could be fetched; building from source (needs python3, make and a C++ compiler)…',
  );
  const nodeGyp = process.env.npm_config_node_gyp ?? require.resolve('node-gyp/bin/node-gyp.js');
  // Electron's headers come from its own server; Node's from npm's configured nodedir when there is one.
  const nodedir = process.env.npm_config_nodedir;
  const headers =
    runtime === 'electron'
      ? ['--dist-url=https://electronjs.org/headers']
      : nodedir
        ? [`--nodedir=${nodedir}`]
        : [];
  const built = spawnSync(
    process.execPath,
    [
      nodeGyp,
      'rebuild',
      '--release',
      `--target=${target}`,
      `--runtime=${runtime}`,
      `--arch=${arch}`,
      ...headers,
    ],
    { cwd: work, stdio: 'inherit' },
  );
  if (built.status !== 0) {
    console.error(`Could not build better-sqlite3 for ${runtime}. See the output above.`);
    process.exit(1);
  }
}
mkdirSync(outDir, { recursive: true });
copyFileSync(join(work, 'build', 'Release', 'better_sqlite3.node'), outFile);
writeFileSync(stampFile, stamp);
rmSync(work, { recursive: true, force: true });
console.log(`Ready: ${outFile}`);

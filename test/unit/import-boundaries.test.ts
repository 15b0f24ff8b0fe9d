import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The design's import rules, checked on every source file: each runtime may import only the packages
// listed for it below (a package nobody listed fails, naming the file); shared/ never imports our
// other folders; the simulator never imports the core (its fidelity must not inherit the client's
// mistakes); the renderer imports shared/ only.
const root = resolve(import.meta.dirname, '../..');

/** Where each file runs, by its place in the tree; the first prefix that fits decides. */
const RUNTIMES = [
  ['shared/', 'shared'],
  ['renderer/', 'renderer'],
  ['electron/core/', 'core'],
  ['electron/simulator/', 'simulator'],
  ['electron/host/', 'host'],
  ['electron/', 'shell'],
  ['test/', 'tooling'],
  ['bench/', 'tooling'],
  ['scripts/', 'tooling'],
  ['', 'tooling'],
] as const;
type Runtime = (typeof RUNTIMES)[number][1];

const SERVER: readonly Runtime[] = ['core', 'simulator', 'host', 'shell', 'tooling'];

/**
 * Every package the project imports, with the runtimes allowed to import it. shared/ is checked
 * against every runtime that imports it, so it takes zod only; the renderer runs in a browser
 * page; Electron belongs to the shell alone.
 */
const PACKAGES: Readonly<Record<string, readonly Runtime[]>> = {
  'node builtins': SERVER,
  zod: ['shared', 'core', 'simulator', 'tooling'],
  react: ['renderer'],
  'react-dom': ['renderer'],
  zustand: ['renderer'],
  qrcode: ['renderer', 'core', 'simulator', 'tooling'],
  'better-sqlite3': ['core', 'simulator', 'tooling'],
  '@github/keytar': ['core', 'tooling'],
  // The shop ledger's PostgreSQL client: the core publishes and reads; tests, the benchmark and the
  // ledger's command line log in as its roles.
  pg: ['core', 'tooling'],
  electron: ['shell'],
  // Building, testing and measuring.
  vitest: ['tooling'],
  '@playwright/test': ['tooling'],
  'playwright-core': ['tooling'],
  'fast-check': ['tooling'],
  pngjs: ['tooling'],
  jsqr: ['tooling'],
  esbuild: ['tooling'],
  'electron-vite': ['tooling'],
  // The packaged app's fuses are checked with electron-builder's own configuration loader.
  'app-builder-lib': ['tooling'],
  '@vitejs/plugin-react': ['tooling'],
  // The word-homes check reads the counter's words from the source's syntax tree.
  typescript: ['tooling'],
};

const SKIPPED = new Set(['node_modules', 'out', 'dist', 'release', 'test-results', '.git']);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = dir ? join(dir, name) : name;
    if (SKIPPED.has(name)) return [];
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|cts|mjs)$/.test(name) ? [path] : [];
  });
}

/** The specifiers a file imports, exports from, or requires (a method named `require` is not an import). */
function importsOf(file: string): string[] {
  // Comments go first: a sentence quoting what a cashier types ("from "10gb"") is not an import.
  const text = readFileSync(join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const specs: string[] = [];
  const pattern =
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?<![.\w])import\(\s*['"]([^'"]+)['"]\s*\)|(?<![.\w])require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) specs.push(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
  return specs;
}

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

function resolvedFolder(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return relative(root, resolve(root, file, '..', spec)).split('/')[0] ?? null;
}

function runtimeOf(file: string): Runtime {
  const found = RUNTIMES.find(([prefix]) => file.startsWith(prefix));
  if (!found) throw new Error(`no runtime for ${file}`);
  return found[1];
}

const BUILTINS = new Set(builtinModules);

/** The package a bare specifier names (`react-dom/client` → `react-dom`), or "node builtins". */
function packageOf(spec: string): string {
  if (spec.startsWith('node:') || BUILTINS.has(spec)) return 'node builtins';
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? spec);
}

/** The imports of `file` that its runtime may not make: a package nobody listed, or one listed for others. */
function packageProblems(file: string, specs: readonly string[]): string[] {
  const runtime = runtimeOf(file);
  return specs
    .filter((spec) => !spec.startsWith('.'))
    .flatMap((spec) => {
      const name = packageOf(spec);
      const allowed = PACKAGES[name];
      if (!allowed) return [`${file} imports ${name}, a package with no runtime listed in this test`];
      return allowed.includes(runtime)
        ? []
        : [`${file} (${runtime}) imports ${name}, which only ${allowed.join(', ')} may import`];
    });
}

const ALL_FILES = sourceFiles('');

describe('import boundaries', () => {
  it('lets each runtime import only the packages listed for it, and fails on any package not listed', () => {
    expect(ALL_FILES.flatMap((file) => packageProblems(file, importsOf(file)))).toEqual([]);
  });

  it('names the file and the package of an import that is not allowed', () => {
    expect(
      packageProblems('shared/thing.ts', [
        'zod',
        'left-pad/sub',
        '@scope/tool/deep',
        'node:fs',
        'react',
        './near',
      ]),
    ).toEqual([
      'shared/thing.ts imports left-pad, a package with no runtime listed in this test',
      'shared/thing.ts imports @scope/tool, a package with no runtime listed in this test',
      'shared/thing.ts (shared) imports node builtins, which only core, simulator, host, shell, tooling may import',
      'shared/thing.ts (shared) imports react, which only renderer may import',
    ]);
    expect(packageProblems('electron/core/x.ts', ['electron', 'fs', 'react-dom/client'])).toEqual([
      'electron/core/x.ts (core) imports electron, which only shell may import',
      'electron/core/x.ts (core) imports react-dom, which only renderer may import',
    ]);
    expect(packageProblems('electron/preload.ts', ['electron'])).toEqual([]);
  });

  it('lists only packages the project depends on', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const declared = new Set([
      ...Object.keys(manifest.dependencies),
      ...Object.keys(manifest.devDependencies),
    ]);
    expect(Object.keys(PACKAGES).filter((name) => name !== 'node builtins' && !declared.has(name))).toEqual(
      [],
    );
  });

  it('keeps shared free of the rest of the project and of DOM globals', () => {
    const offenders = sourceFiles('shared').flatMap((file) =>
      importsOf(file)
        .filter((spec) => (resolvedFolder(file, spec) ?? 'shared') !== 'shared')
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
    // DOM globals would compile under tsconfig.web.json; tsconfig.shared.json has no DOM lib, and
    // this catches their use even where typecheck is skipped.
    const domUse = sourceFiles('shared').filter((file) =>
      /\b(window|document|localStorage|navigator|HTMLElement)\b\./.test(
        withoutComments(readFileSync(join(root, file), 'utf8')),
      ),
    );
    expect(domUse).toEqual([]);
  });

  it('keeps the simulator independent of the core', () => {
    const offenders = sourceFiles('electron/simulator').flatMap((file) =>
      importsOf(file)
        .filter((spec) => /(^|\/)core(\/|$)/.test(spec))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('lets the renderer import only renderer and shared code', () => {
    const offenders = sourceFiles('renderer').flatMap((file) =>
      importsOf(file)
        .filter((spec) => {
          const folder = resolvedFolder(file, spec);
          return folder !== null && folder !== 'renderer' && folder !== 'shared';
        })
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('finds the files it checks (a check over nothing would always pass)', () => {
    expect(sourceFiles('shared').length).toBeGreaterThan(5);
    expect(sourceFiles('electron/core').length).toBeGreaterThan(1);
    expect(ALL_FILES).toContain('renderer/src/main.tsx');
    expect(ALL_FILES).toContain('electron/preload.ts');
    expect(ALL_FILES).toContain('scripts/run-tests.mjs');
  });
});

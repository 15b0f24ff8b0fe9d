import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The design's import rules, checked on every source file: the core and shared/ never import
// Electron; shared/ never imports Node or our other folders; the simulator never imports the core
// (its fidelity must not inherit the client's mistakes); the renderer imports shared/ only.
const root = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|cts)$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specs: string[] = [];
  const pattern =
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
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

const NODE_BUILTINS =
  /^(node:|fs$|path$|crypto$|os$|http$|https$|net$|child_process$|url$|util$|stream$|events$|better-sqlite3$|@github\/keytar$)/;

describe('import boundaries', () => {
  it('keeps electron/core and shared free of electron', () => {
    const offenders = [...sourceFiles('electron/core'), ...sourceFiles('shared')].filter((file) =>
      importsOf(file).some((spec) => spec === 'electron' || spec.startsWith('electron/')),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps shared free of Node, DOM and the rest of the project', () => {
    const offenders = sourceFiles('shared').flatMap((file) =>
      importsOf(file)
        .filter(
          (spec) =>
            NODE_BUILTINS.test(spec) ||
            spec === 'electron' ||
            (resolvedFolder(file, spec) ?? 'shared') !== 'shared',
        )
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
        .filter((spec) => /(^|\/)core(\/|$)/.test(spec) || spec === 'electron')
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('lets the renderer import only shared and packages meant for the browser', () => {
    const offenders = sourceFiles('renderer').flatMap((file) =>
      importsOf(file)
        .filter((spec) => {
          const folder = resolvedFolder(file, spec);
          if (folder !== null) return folder !== 'renderer' && folder !== 'shared';
          return NODE_BUILTINS.test(spec) || spec === 'electron';
        })
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('finds the files it checks (a check over nothing would always pass)', () => {
    expect(sourceFiles('shared').length).toBeGreaterThan(5);
    expect(sourceFiles('electron/core').length).toBeGreaterThan(1);
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every source folder (src/, workers/, bench/ and every folder below them) has a README that is
 * current with its code, in both directions:
 * - each code file of the folder is named in it (by file name, or by its stem as a word, as READMEs
 *   name components: `EquationCards`); an `index.ts` barrel is exempt;
 * - each code file it names exists: relative to the README's folder or one of the folders above it,
 *   as a path from the repository root, or somewhere below the README's folder. A file elsewhere is
 *   named by its path (`src/state/lab-config.ts`), so a moved or deleted file leaves no stale name.
 */
const ROOTS = ['src', 'workers', 'bench'];
const CODE = /\.(tsx?|mjs|py|css)$/;
/** A file name or path in prose: `a/b/c.ts`, c.tsx, ../x.mjs (not a URL's tail, not a `<name>.ts` pattern). */
const NAMED_FILE = /(?<![\w/.:-])((?:[\w.-]+\/)*[\w.-]+\.(?:tsx?|mjs|py|css))(?![\w-])/g;

function foldersUnder(root: string): string[] {
  const out = [root];
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) out.push(...foldersUnder(path));
  }
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const folders = ROOTS.flatMap(foldersUnder);
const readme = (dir: string) => join(dir, 'README.md');
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The code files of `dir` (not below it) its README does not name. */
export function unnamedFiles(dir: string, text: string): string[] {
  return readdirSync(dir)
    .filter((name) => CODE.test(name) && name !== 'index.ts' && statSync(join(dir, name)).isFile())
    .filter((name) => !text.includes(name) && !new RegExp(`\\b${escaped(name.replace(CODE, ''))}\\b`).test(text));
}

/** The code files `text` (the README of `dir`) names that do not exist where it points. */
export function staleNames(dir: string, text: string, below: readonly string[]): string[] {
  const ancestors = dir.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  return [...text.matchAll(NAMED_FILE)]
    .map((m) => m[1].replace(/^\.\//, ''))
    .filter((ref) => !/^[-.]/.test(ref) || ref.startsWith('../')) // `<name>-client.ts`, `<name>.worker.ts`: patterns
    .filter((ref) => !ref.includes('shared/')) // the shared reference notes outside this repository
    .filter((ref) => !ancestors.some((a) => existsSync(join(a, ref))) && !existsSync(ref) && !below.some((p) => p.endsWith(`/${ref}`)));
}

describe('source folder READMEs', () => {
  it('reads the real tree', () => {
    expect(folders.length).toBeGreaterThan(40);
    expect(folders).toContain('src/core/policy');
  });

  it('every folder under src/, workers/ and bench/ has a README.md', () => {
    expect(folders.filter((d) => !existsSync(readme(d)))).toEqual([]);
  });

  it('every code file is named in its folder\'s README', () => {
    const unnamed = folders.filter((d) => existsSync(readme(d))).flatMap((d) => unnamedFiles(d, readFileSync(readme(d), 'utf8')).map((f) => join(d, f)));
    expect(unnamed).toEqual([]);
  });

  it('every code file a README names exists', () => {
    const stale = folders.filter((d) => existsSync(readme(d))).flatMap((d) => {
      const below = filesUnder(d);
      return staleNames(d, readFileSync(readme(d), 'utf8'), below).map((ref) => `${readme(d)}: ${ref}`);
    });
    expect(stale).toEqual([]);
  });

  it('the checks catch a stale name and an unnamed file', () => {
    expect(staleNames('src/app/persist', 'rows in `iteration-store.ts`, the schema in `db.ts`', filesUnder('src/app/persist'))).toEqual(['iteration-store.ts']);
    expect(staleNames('src/app', 'the type `src/state/lab-config.ts` and a bare `lab-config.ts`', filesUnder('src/app'))).toEqual(['lab-config.ts']);
    expect(staleNames('src/app', 'a `<name>-client.ts` per worker, `../core/train/lab-report.ts`', filesUnder('src/app'))).toEqual([]);
    expect(unnamedFiles('src/app', 'only `run-client.ts` and `workers.ts`')).toContain('random-id.ts');
    expect(unnamedFiles('src/app', 'only `run-client.ts` and `workers.ts`')).not.toContain('run-client.ts');
  });
});

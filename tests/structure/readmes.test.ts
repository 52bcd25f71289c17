import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph';

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

/** Every folder and file under ROOTS, repository-relative, listed once for all the checks. */
const tree = ROOTS.flatMap((root) => [root, ...readdirSync(join(ROOT, root), { recursive: true, encoding: 'utf8' }).map((p) => join(root, p))])
  .map((path) => ({ path, folder: statSync(join(ROOT, path)).isDirectory() }));
const folders = tree.filter((e) => e.folder).map((e) => e.path);
const files = tree.filter((e) => !e.folder).map((e) => e.path);
const exists = (path: string) => existsSync(join(ROOT, path));
const readme = (dir: string) => join(dir, 'README.md');
/** Each folder's README text, for the folders that have one. */
const readmes = new Map(folders.filter((d) => exists(readme(d))).map((d) => [d, readFileSync(join(ROOT, readme(d)), 'utf8')]));
const filesBelow = (dir: string) => files.filter((p) => p.startsWith(`${dir}/`));
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The code files of `dir` (not below it) its README does not name. */
export function unnamedFiles(dir: string, text: string): string[] {
  return files.filter((p) => dirname(p) === dir).map((p) => basename(p))
    .filter((name) => CODE.test(name) && name !== 'index.ts')
    .filter((name) => !text.includes(name) && !new RegExp(`\\b${escaped(name.replace(CODE, ''))}\\b`).test(text));
}

/** The code files `text` (the README of `dir`) names that do not exist where it points. */
export function staleNames(dir: string, text: string): string[] {
  const ancestors = dir.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  const below = filesBelow(dir);
  return [...text.matchAll(NAMED_FILE)]
    .map((m) => m[1].replace(/^\.\//, ''))
    .filter((ref) => !/^[-.]/.test(ref) || ref.startsWith('../')) // `<name>-client.ts`, `<name>.worker.ts`: patterns
    .filter((ref) => !ref.includes('shared/')) // the shared reference notes outside this repository
    .filter((ref) => !ancestors.some((a) => exists(join(a, ref))) && !exists(ref) && !below.some((p) => p.endsWith(`/${ref}`)));
}

describe('source folder READMEs', () => {
  it('reads the real tree', () => {
    expect(folders.length).toBeGreaterThan(40);
    expect(folders).toContain('src/core/policy');
  });

  it('every folder under src/, workers/ and bench/ has a README.md', () => {
    expect(folders.filter((d) => !readmes.has(d))).toEqual([]);
  });

  it('every code file is named in its folder\'s README', () => {
    expect([...readmes].flatMap(([d, text]) => unnamedFiles(d, text).map((f) => join(d, f)))).toEqual([]);
  });

  it('every code file a README names exists', () => {
    expect([...readmes].flatMap(([d, text]) => staleNames(d, text).map((ref) => `${readme(d)}: ${ref}`))).toEqual([]);
  });

  it('the checks catch a stale name and an unnamed file', () => {
    expect(staleNames('src/app/persist', 'rows in `iteration-store.ts`, the schema in `db.ts`')).toEqual(['iteration-store.ts']);
    expect(staleNames('src/app', 'the type `src/state/lab-config.ts` and a bare `lab-config.ts`')).toEqual(['lab-config.ts']);
    expect(staleNames('src/app', 'a `<name>-client.ts` per worker, `../core/train/lab-report.ts`')).toEqual([]);
    expect(unnamedFiles('src/app', 'only `run-client.ts` and `workers.ts`')).toContain('random-id.ts');
    expect(unnamedFiles('src/app', 'only `run-client.ts` and `workers.ts`')).not.toContain('run-client.ts');
  });
});

import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph';

/**
 * What the page's main chunk is built from: the modules src/main.tsx reaches through static
 * imports that carry values (type-only imports are erased; `import()` starts a chunk of its own).
 * A module reached this way puts its packages' side effects in the main chunk even when none of
 * its own code is used, which is how the tfjs engine once got in (docs/benchmarks.md, bundle sizes).
 */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, false);
  const out: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly = clause?.isTypeOnly
        || (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      if (!named || named.length === 0 || !named.every((e) => e.isTypeOnly)) out.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return out;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(ROOT, dirname(from), spec.replace(/\?.*$/, ''));
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (/\.(ts|tsx)$/.test(c) && existsSync(c) && statSync(c).isFile()) return relative(ROOT, c);
  }
  return null;
}

/** Every local module the entry reaches by value imports, and the packages each one imports. */
function staticClosure(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    const specs = valueImports(file);
    seen.set(file, specs.filter((s) => !s.startsWith('.')));
    for (const s of specs) {
      const local = s.startsWith('.') ? resolveLocal(file, s) : null;
      if (local) todo.push(local);
    }
  }
  return seen;
}

describe('the page main chunk', () => {
  const closure = staticClosure('src/main.tsx');

  it('is read from the real entry: the lab, the run driver and the stores are in it', () => {
    expect(closure.has('src/ui/lab/LabView.tsx')).toBe(true);
    expect(closure.has('src/app/run-client.ts')).toBe(true);
    expect(closure.has('src/state/run-store.ts')).toBe(true);
  });

  it('imports no tfjs: training runs in workers, and checkpoints are read with tfjs-free modules', () => {
    const tfjs = [...closure].filter(([, packages]) => packages.some((p) => p.startsWith('@tensorflow/'))).map(([f]) => f);
    expect(tfjs).toEqual([]);
  });

  it('leaves the views that are not on the first screen, the tour and the class-link dialog to their own chunks', () => {
    for (const lazy of ['src/ui/experiments/ExperimentsView.tsx', 'src/ui/import/ImportView.tsx', 'src/ui/concepts/ConceptsView.tsx', 'src/ui/tour/Tour.tsx', 'src/ui/classroom/ClassLinkDialog.tsx']) {
      expect(closure.has(lazy), lazy).toBe(false);
    }
    const qr = [...closure].filter(([, packages]) => packages.includes('qrcode-generator')).map(([f]) => f);
    expect(qr).toEqual([]); // the QR encoder loads with the dialog
  });
});

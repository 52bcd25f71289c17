import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph, reachable, sourceFiles } from './import-graph';

/**
 * The house is one-way: a module imports only from its own layer or below.
 *   core (0) < workers (1) < state (2) < app (3) < ui (4) < entry points (5: src/main.tsx, src/cli, src/bench, bench)
 */
const LAYERS: Array<[prefix: string, layer: number, name: string]> = [
  ['src/core/', 0, 'core'], ['workers/', 1, 'workers'], ['src/state/', 2, 'state'], ['src/app/', 3, 'app'], ['src/ui/', 4, 'ui'],
];
function layerOf(file: string): { layer: number; name: string } {
  const hit = LAYERS.find(([prefix]) => file.startsWith(prefix));
  return hit ? { layer: hit[1], name: hit[2] } : { layer: 5, name: 'entry point' };
}

/** Every import that runs up a layer, as "from -> to (layer -> layer)". */
function backImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const [a, b] = [layerOf(from), layerOf(to)];
      if (b.layer > a.layer) out.push(`${from} -> ${to} (${a.name} imports ${b.name})`);
    }
  }
  return out;
}

const graph = importGraph(sourceFiles(['src', 'workers', 'bench']));

describe('the import graph of src/, workers/ and bench/', () => {
  it('reads the real tree: hundreds of files, and the edges it should see', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('src/app/run-client.ts')).toContain('src/state/run-store.ts');
    expect(graph.get('src/app/workers.ts')).toContain('workers/trainer.worker.ts'); // a type-only import is an edge too
    expect(graph.get('src/core/concepts/reward-concepts.ts')).toContain('src/core/concepts/results.ts');
  });

  it('has no import that runs up a layer (core < workers < state < app < ui < entry points)', () => {
    expect(backImports(graph)).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('saving and restoring (src/app/persist) never reaches run-client, which drives it', () => {
    const persist = [...graph.keys()].filter((f) => f.startsWith('src/app/persist/'));
    expect(persist.length).toBeGreaterThan(3);
    for (const file of persist) expect([file, reachable(graph, file).has('src/app/run-client.ts')]).toEqual([file, false]);
  });
});

describe('the checks themselves', () => {
  it('find a two-file cycle, a longer one and a self-import, and nothing in a tree', () => {
    const toy = new Map([
      ['a', ['b']], ['b', ['a']], // merge.ts <-> results.ts
      ['c', ['d']], ['d', ['e']], ['e', ['c', 'f']], ['f', []],
      ['g', ['g']],
    ]);
    expect(cyclesOf(toy)).toEqual(expect.arrayContaining([['a', 'b'], ['c', 'd', 'e'], ['g']]));
    expect(cyclesOf(toy)).toHaveLength(3);
    expect(cyclesOf(new Map([['x', ['y', 'z']], ['y', ['z']], ['z', []]]))).toEqual([]);
  });

  it('name a store that imports app wiring, and let app import a store', () => {
    const toy = new Map([
      ['src/state/run-store.ts', ['src/app/lab-config.ts', 'src/core/train/config.ts']],
      ['src/app/run-client.ts', ['src/state/run-store.ts']],
      ['src/core/train/config.ts', ['workers/backend.ts']],
    ]);
    expect(backImports(toy)).toEqual([
      'src/state/run-store.ts -> src/app/lab-config.ts (state imports app)',
      'src/core/train/config.ts -> workers/backend.ts (core imports workers)',
    ]);
  });
});

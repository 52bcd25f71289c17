/**
 * Sparse model inputs and the two products the network needs from them:
 *
 *   S·W    forward: an embedding bag, the rows of W picked by a row's indices, summed and scaled
 *   Sᵀ·G   backward: the scatter-add of row gradients into the rows of W
 *
 * S [rows, cols] is given as entries (row, col) with rows non-decreasing; repeated entries add up
 * (multi-hot counts) and every row may carry one scale (the encoder's 1/√n).
 *
 * Two device forms, picked per backend (`sparseKindFor`):
 * - 'segment' (cpu, wasm): both products are tf.sparse.sparseSegmentSum, a sequential loop over the
 *   entries (deterministic, no one-hot matrix, no dense matmul over the zeros).
 * - 'dense' (webgpu, webgl): S as a dense matrix and matmuls. Their SparseSegmentSum and ScatterNd
 *   add floats with GPU atomics in thread order, so the same step would not replay bit for bit.
 *
 * Gotchas: sparseSegmentSum returns (last segment id + 1) rows, so outputs are completed to the full
 * size (SegmentPlan); `tf.gather`'s gradient (UnsortedSegmentSum) does not exist on wasm, which is why the
 * network's backward pass is written out (gradients.ts) and never differentiates a gather.
 */
import * as tf from '@tensorflow/tfjs-core';

export type SparseKind = 'segment' | 'dense';

/** Block-diagonal structure of a gated term: row n·width + v, column n·gates + j (see inputs.ts). */
export interface BlockShape {
  blocks: number;
  gates: number;
  width: number;
}

/** S [rows, cols] as entries; `entryRow` must be non-decreasing. */
export interface SparseEntries {
  rows: number;
  cols: number;
  entryRow: Int32Array;
  entryCol: Int32Array;
  /** One factor per row (default 1). */
  rowScale?: Float32Array;
  /** Set for the gated terms: the dense form is then [blocks, gates, width], not [rows, cols]. */
  block?: BlockShape;
}

export interface SparseOperand {
  readonly rows: number;
  readonly cols: number;
  /** Stored entries (0: S is all zeros). */
  readonly entries: number;
  /** S·W [rows, D] for W [cols, D]. */
  times(w: tf.Tensor2D): tf.Tensor2D;
  /** Sᵀ·G [cols, D] for G [rows, D]. */
  transposeTimes(g: tf.Tensor2D): tf.Tensor2D;
  dispose(): void;
}

/** The form that keeps `backend` deterministic and fast. */
export function sparseKindFor(backend: string): SparseKind {
  return backend === 'cpu' || backend === 'wasm' ? 'segment' : 'dense';
}

export function defaultSparseKind(): SparseKind {
  return sparseKindFor(tf.getBackend());
}

export function toOperand(e: SparseEntries, kind: SparseKind = defaultSparseKind()): SparseOperand {
  if (kind === 'segment') return new SegmentOperand(e);
  return e.block ? new BlockDenseOperand(e, e.block) : new DenseOperand(e);
}

/**
 * Σ_n X[n, :] [D] for X [N, D]: a bias's gradient. On wasm this is one sparseSegmentSum with every
 * row in segment 0, a single pass over the rows: wasm's Sum over axis 0 first transposes X and then
 * reduces (1.1 ms for [2,083, 128], where this takes ~0.1 ms). Both add the rows in float32 in order
 * from row 0, so the sums are the same bit for bit (tests/core/policy/sparse-reductions.test.ts).
 * Other backends keep tf.sum: cpu's Sum adds in float64 and its segment sum in float32, which differ.
 */
export function columnSums(x: tf.Tensor2D): tf.Tensor1D {
  if (tf.getBackend() !== 'wasm') return tf.sum(x, 0) as tf.Tensor1D;
  return tf.tidy(() => {
    const n = x.shape[0];
    if (n === 0) return tf.zeros([x.shape[1]]) as tf.Tensor1D;
    const { counting, zeros } = indexScratch(n);
    const rows = tf.tensor1d(counting.subarray(0, n), 'int32'); // 0 … n − 1 (tf.range costs ~75 µs on wasm)
    return tf.reshape(tf.sparse.sparseSegmentSum(x, rows, tf.tensor1d(zeros.subarray(0, n), 'int32')), [-1]) as tf.Tensor1D;
  });
}

/**
 * Rows begin … begin + count − 1 of X [N, D]. On wasm a gatherND of those rows: wasm's Slice reads
 * its whole input back into a fresh JavaScript array first (0.7 ms for [510, 128], against a few µs
 * for the gather). The values are the same (a copy). Other backends keep tf.slice.
 */
export function rowSlice(x: tf.Tensor2D, begin: number, count: number): tf.Tensor2D {
  if (tf.getBackend() !== 'wasm' || count === 0) return tf.slice(x, [begin, 0], [count, x.shape[1]]);
  const rows = indexScratch(begin + count).counting.subarray(begin, begin + count);
  return tf.tidy(() => tf.gatherND(x, tf.tensor2d(rows, [count, 1], 'int32')) as tf.Tensor2D);
}

/** 0, 1, 2, … and 0, 0, 0, …, each at least n long: row indices and segment ids, grown as needed. */
const INDEX_SCRATCH = { counting: new Int32Array(0), zeros: new Int32Array(0) };
function indexScratch(n: number): { readonly counting: Int32Array; readonly zeros: Int32Array } {
  if (INDEX_SCRATCH.counting.length < n) {
    INDEX_SCRATCH.counting = Int32Array.from({ length: 2 * n }, (_, i) => i);
    INDEX_SCRATCH.zeros = new Int32Array(2 * n);
  }
  return INDEX_SCRATCH;
}

/**
 * One direction of a segment operand: out[s] = Σ_{entries with segment s} data[index], for n output
 * rows. sparseSegmentSum stops at the last segment id; the remaining rows come either from a
 * sentinel entry (row n − 1 ← an appended zero row of the data) when the data is the smaller tensor,
 * or from zero padding of the output.
 */
class SegmentPlan {
  private readonly index: tf.Tensor1D;
  private readonly segment: tf.Tensor1D;
  private readonly fill: 'none' | 'sentinel' | 'pad';

  constructor(index: Int32Array, segment: Int32Array, private readonly n: number, dataRows: number) {
    const count = index.length;
    const last = count > 0 ? segment[count - 1] : -1;
    this.fill = last === n - 1 ? 'none' : dataRows < n ? 'sentinel' : 'pad';
    if (this.fill === 'sentinel') {
      index = appendOne(index, dataRows);
      segment = appendOne(segment, n - 1);
    }
    // kept: plans are built lazily inside tidy scopes and live as long as their operand
    this.index = tf.keep(tf.tensor1d(index, 'int32'));
    this.segment = tf.keep(tf.tensor1d(segment, 'int32'));
  }

  apply(data: tf.Tensor2D): tf.Tensor2D {
    return tf.tidy(() => {
      const D = data.shape[1];
      const input = this.fill === 'sentinel' ? tf.concat([data, tf.zeros([1, D])], 0) : data;
      const out = tf.sparse.sparseSegmentSum(input, this.index, this.segment) as tf.Tensor2D;
      return this.fill === 'pad' ? tf.pad(out, [[0, this.n - out.shape[0]], [0, 0]]) : out; // [n, D]
    });
  }

  dispose(): void {
    tf.dispose([this.index, this.segment]);
  }
}

function appendOne(a: Int32Array, v: number): Int32Array {
  const out = new Int32Array(a.length + 1);
  out.set(a);
  out[a.length] = v;
  return out;
}

class SegmentOperand implements SparseOperand {
  readonly rows: number;
  readonly cols: number;
  readonly entries: number;
  private forward: SegmentPlan | null = null; // index: column of each entry, segment: its row
  private backward: SegmentPlan | null = null; // built on first use (sampling never needs it)
  private readonly scale: tf.Tensor2D | null; // [rows, 1]

  constructor(private readonly e: SparseEntries) {
    this.rows = e.rows;
    this.cols = e.cols;
    this.entries = e.entryRow.length;
    this.scale = e.rowScale ? tf.tensor2d(e.rowScale, [e.rows, 1]) : null;
  }

  times(w: tf.Tensor2D): tf.Tensor2D {
    return tf.tidy(() => {
      if (this.e.entryRow.length === 0) return tf.zeros([this.rows, w.shape[1]]) as tf.Tensor2D;
      this.forward ??= new SegmentPlan(this.e.entryCol, this.e.entryRow, this.rows, this.cols);
      const bag = this.forward.apply(w); // Σ W[col] [rows, D]
      return this.scale ? (tf.mul(bag, this.scale) as tf.Tensor2D) : bag;
    });
  }

  transposeTimes(g: tf.Tensor2D): tf.Tensor2D {
    return tf.tidy(() => {
      if (this.e.entryRow.length === 0) return tf.zeros([this.cols, g.shape[1]]) as tf.Tensor2D;
      if (!this.backward) {
        const [rows, cols] = sortByColumn(this.e);
        this.backward = new SegmentPlan(rows, cols, this.cols, this.rows);
      }
      const scaled = this.scale ? (tf.mul(g, this.scale) as tf.Tensor2D) : g; // [rows, D]
      return this.backward.apply(scaled); // [cols, D]
    });
  }

  dispose(): void {
    this.forward?.dispose();
    this.backward?.dispose();
    this.scale?.dispose();
  }
}

/** Entries re-ordered by column (counting sort, stable): [rows, cols] of each entry. */
function sortByColumn(e: SparseEntries): [Int32Array, Int32Array] {
  const n = e.entryRow.length;
  const start = new Int32Array(e.cols + 1);
  for (let i = 0; i < n; i++) start[e.entryCol[i] + 1]++;
  for (let c = 0; c < e.cols; c++) start[c + 1] += start[c];
  const rows = new Int32Array(n);
  const cols = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const at = start[e.entryCol[i]]++;
    rows[at] = e.entryRow[i];
    cols[at] = e.entryCol[i];
  }
  return [rows, cols];
}

/** Dense values of S (counts × row scale) in a [rows, cols] or block layout. */
function denseValues(e: SparseEntries, at: (row: number, col: number) => number, size: number): Float32Array {
  const out = new Float32Array(size);
  for (let i = 0; i < e.entryRow.length; i++) {
    const r = e.entryRow[i];
    out[at(r, e.entryCol[i])] += e.rowScale ? e.rowScale[r] : 1;
  }
  return out;
}

class DenseOperand implements SparseOperand {
  readonly rows: number;
  readonly cols: number;
  readonly entries: number;
  private readonly s: tf.Tensor2D; // [rows, cols]

  constructor(e: SparseEntries) {
    this.rows = e.rows;
    this.cols = e.cols;
    this.entries = e.entryRow.length;
    this.s = tf.tensor2d(denseValues(e, (r, c) => r * e.cols + c, e.rows * e.cols), [e.rows, e.cols]);
  }

  times(w: tf.Tensor2D): tf.Tensor2D {
    return tf.matMul(this.s, w);
  }

  transposeTimes(g: tf.Tensor2D): tf.Tensor2D {
    return tf.tidy(() => tf.matMul(tf.transpose(this.s), g)); // explicit transpose: transposeA is slow on wasm
  }

  dispose(): void {
    this.s.dispose();
  }
}

/** A gated term's S, stored as L [blocks, gates, width]; products are broadcast multiply-sums. */
class BlockDenseOperand implements SparseOperand {
  readonly rows: number;
  readonly cols: number;
  readonly entries: number;
  private readonly l: tf.Tensor3D;

  constructor(e: SparseEntries, private readonly b: BlockShape) {
    this.rows = e.rows;
    this.cols = e.cols;
    this.entries = e.entryRow.length;
    const { gates: J, width: V } = b;
    const at = (r: number, c: number) => Math.floor(r / V) * J * V + (c % J) * V + (r % V);
    this.l = tf.tensor3d(denseValues(e, at, b.blocks * J * V), [b.blocks, J, V]);
  }

  times(w: tf.Tensor2D): tf.Tensor2D {
    const { blocks: N, gates: J } = this.b;
    return tf.tidy(() => tf.reshape(tf.sum(tf.mul(tf.reshape(w, [N, J, 1]), this.l), 1), [this.rows, 1]) as tf.Tensor2D);
  }

  transposeTimes(g: tf.Tensor2D): tf.Tensor2D {
    const { blocks: N, width: V } = this.b;
    return tf.tidy(() => tf.reshape(tf.sum(tf.mul(this.l, tf.reshape(g, [N, 1, V])), 2), [this.cols, 1]) as tf.Tensor2D);
  }

  dispose(): void {
    this.l.dispose();
  }
}

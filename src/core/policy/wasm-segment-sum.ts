/**
 * A segment sum for tfjs's wasm backend, written as WebAssembly SIMD (wasm-emit.ts): the embedding
 * bags and their scatter-adds of sparse.ts (tf.sparse.sparseSegmentSum), on the backend's heap.
 *
 *   out[s] = 0 + data[idx₀] + data[idx₁] + …   over the entries of segment s, in entry order
 *
 * which is the order, and the +0 start, of tfjs-wasm's own kernel, so the floats are its own
 * (tests/core/policy/wasm-kernels.test.ts). Segments are runs of equal ids (the ids are
 * non-decreasing); a run's sums stay in registers 32 columns at a time instead of going through
 * memory for every entry. Rows of `out` no run names are the caller's to zero.
 *
 * Exported as segment_sum(data, indices, segments, out, entries, cols) → (), every pointer a byte
 * address on the heap, indices and segments int32, data and out float32 with `cols` per row.
 *
 * The weighted form, weighted_segment_sum(data, indices, segments, out, entries, cols, weights),
 * scales each entry's row by its float32 weight first:
 *
 *   out[s] = 0 + w₀·data[idx₀] + w₁·data[idx₁] + …   (each product rounded, then each sum)
 *
 * which is a matrix product S·data for a sparse S with those weights, summed in the order of a dense
 * product that runs over S's columns in the entries' order (gradients.ts's output layer).
 */
import {
  BLOCK, br, brIf, bytesOfMultiple, END, F32, I32, I32_ADD, I32_GE_U, I32_LOAD, I32_MUL, I32_NE, I32_SHL, i32Const, localGet, localSet, LOOP,
  SCALAR, V128, VECTOR, type Lanes, type WasmFunction,
} from './wasm-emit';

export const SEGMENT_SUM = 'segment_sum';
export const WEIGHTED_SEGMENT_SUM = 'weighted_segment_sum';

/** Vectors of a run's sums held in registers at once (32 columns). */
const CHUNK_VECTORS = 8;

export function segmentSumFunction(weighted = false): WasmFunction {
  const P = { data: 0, indices: 1, segments: 2, out: 3, entries: 4, cols: 5, weights: 6 };
  const params = weighted ? 7 : 6;
  const extra = weighted ? 1 : 0; // the weighted form's one more v128 and f32 local: the weight
  const L = { e: params, r: params + 1, s: params + 2, c: params + 3, t: params + 4, rowBytes: params + 5, end8: params + 6, end4: params + 7, p: params + 8 };
  const INTS = 9;
  const acc = (v: number) => params + INTS + v; // v128 accumulators
  const weight = params + INTS + CHUNK_VECTORS; // the entry's weight in every lane (v128; weighted only)
  const accScalar = params + INTS + CHUNK_VECTORS + extra; // f32
  const weightScalar = accScalar + 1; // f32 (weighted only)
  const code: number[] = [];
  const emit = (...parts: number[][]) => parts.forEach((p) => code.push(...p));
  /** The int32 at base + 4·i. */
  const int32At = (base: number, i: number) => emit(localGet(base), localGet(i), i32Const(2), I32_SHL, I32_ADD, I32_LOAD(0));

  /** Sums of the run [e, r) over `vectors` lanes-wide columns from byte c, stored to out[s]; c moves on. */
  const columns = (lanes: Lanes, vectors: number, endLocal: number, accOf: (v: number) => number, weightOf: number) => {
    emit(BLOCK, LOOP, localGet(L.c), localGet(endLocal), I32_GE_U, brIf(1));
    for (let v = 0; v < vectors; v++) emit(lanes.zero, localSet(accOf(v)));
    emit(localGet(L.e), localSet(L.t));
    emit(BLOCK, LOOP, localGet(L.t), localGet(L.r), I32_GE_U, brIf(1));
    // p = data + indices[t]·rowBytes + c
    emit(localGet(P.data));
    int32At(P.indices, L.t);
    emit(localGet(L.rowBytes), I32_MUL, I32_ADD, localGet(L.c), I32_ADD, localSet(L.p));
    if (weighted) {
      // w = weights[t]; acc += w·row (the product rounded, then the sum)
      emit(localGet(P.weights), localGet(L.t), i32Const(2), I32_SHL, I32_ADD, lanes.splat(0), localSet(weightOf));
      for (let v = 0; v < vectors; v++) emit(localGet(accOf(v)), localGet(weightOf), localGet(L.p), lanes.load(16 * v), lanes.mul, lanes.add, localSet(accOf(v)));
    } else {
      for (let v = 0; v < vectors; v++) emit(localGet(accOf(v)), localGet(L.p), lanes.load(16 * v), lanes.add, localSet(accOf(v)));
    }
    emit(localGet(L.t), i32Const(1), I32_ADD, localSet(L.t), br(0), END, END);
    // out + s·rowBytes + c
    emit(localGet(P.out), localGet(L.s), localGet(L.rowBytes), I32_MUL, I32_ADD, localGet(L.c), I32_ADD, localSet(L.p));
    for (let v = 0; v < vectors; v++) emit(localGet(L.p), localGet(accOf(v)), lanes.store(16 * v));
    emit(localGet(L.c), i32Const(vectors * lanes.width * 4), I32_ADD, localSet(L.c), br(0), END, END);
  };

  // rowBytes = 4·cols; columns [0, end8) in chunks of 32 floats, [end8, end4) in fours, the rest one by one
  emit(bytesOfMultiple(P.cols, 1, L.rowBytes), bytesOfMultiple(P.cols, 4 * CHUNK_VECTORS, L.end8), bytesOfMultiple(P.cols, 4, L.end4));
  emit(i32Const(0), localSet(L.e));
  emit(BLOCK, LOOP, localGet(L.e), localGet(P.entries), I32_GE_U, brIf(1)); // for each run of one segment
  int32At(P.segments, L.e);
  emit(localSet(L.s), localGet(L.e), i32Const(1), I32_ADD, localSet(L.r));
  emit(BLOCK, LOOP, localGet(L.r), localGet(P.entries), I32_GE_U, brIf(1));
  int32At(P.segments, L.r);
  emit(localGet(L.s), I32_NE, brIf(1), localGet(L.r), i32Const(1), I32_ADD, localSet(L.r), br(0), END, END);
  emit(i32Const(0), localSet(L.c));
  columns(VECTOR, CHUNK_VECTORS, L.end8, acc, weight);
  columns(VECTOR, 1, L.end4, acc, weight);
  columns(SCALAR, 1, L.rowBytes, () => accScalar, weightScalar);
  emit(localGet(L.r), localSet(L.e), br(0), END, END);
  return {
    name: weighted ? WEIGHTED_SEGMENT_SUM : SEGMENT_SUM,
    params,
    locals: [[INTS, I32], [CHUNK_VECTORS + extra, V128], [1 + extra, F32]],
    body: code,
  };
}

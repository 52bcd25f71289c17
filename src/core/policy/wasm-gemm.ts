/**
 * A matrix product for tfjs's wasm backend, written as WebAssembly SIMD (emitted byte by byte with
 * wasm-emit.ts, no toolchain): C = op(A)·B (+ bias) (relu), on the backend's own heap, one thread.
 *
 * Each output is summed in the order XNNPACK sums it (bias or 0 first, then a₀b₀, a₁b₁, … in k order,
 * a multiply and an add per term, no fused multiply-add), so it gives the very floats tfjs-wasm's own
 * kernels give (tests/core/policy/wasm-kernels.test.ts). What it adds is speed on this project's shapes:
 * no weight packing for every new right operand, and a transposed left operand read in place.
 *
 * A micro-kernel computes an MR × (4·NV) tile of C in registers: for each k it loads NV vectors of B's
 * row k and, for each of the MR rows, splats A[i, k] and adds A[i, k]·B[k, j…] to the row's
 * accumulators. An exported function runs one micro-kernel over a rectangle of C:
 *   (a, b, c, bias, i0, i1, j0, j1, K, aRowStride, aColStride, ldb, ldc) → (), strides in bytes,
 * A[i, k] at a + i·aRowStride + k·aColStride (a transposed A swaps the two strides). Each micro-kernel
 * comes in two layouts: 'rows' (A row-major: one pointer per row of the tile, moved on a float per k) and
 * 'cols' (A transposed: the tile's rows are adjacent floats of one column, one pointer moved a column per k).
 * `init` says where the accumulators start: at 0, at the bias, or at what C holds (the next block of
 * k of a product summed in blocks: the running sums go through memory unchanged, so the order holds).
 */

import {
  BLOCK, br, brIf, END, I32, I32_ADD, I32_EQZ, I32_GE_U, I32_MUL, I32_SUB, i32Const, localGet, localSet, LOOP, SCALAR, VECTOR,
  type WasmFunction,
} from './wasm-emit';

export type GemmInit = 'zero' | 'bias' | 'c';

export interface MicroKernel {
  /** Rows of C per tile. */
  rows: number;
  /** Columns of C per tile: 4·NV, or 1 (scalar lanes). */
  cols: number;
  init: GemmInit;
  relu: boolean;
  /** How A is laid out: row-major, or transposed (its tile's rows adjacent in memory). */
  layout: 'rows' | 'cols';
}

export const kernelName = (k: MicroKernel): string => `mm${k.rows}x${k.cols}_${k.layout}_${k.init}${k.relu ? '_relu' : ''}`;

/** Parameter indices of every exported function. */
const P = { a: 0, b: 1, c: 2, bias: 3, i0: 4, i1: 5, j0: 6, j1: 7, K: 8, ars: 9, acs: 10, ldb: 11, ldc: 12 } as const;
const PARAMS = 13;

function gemmFunction(k: MicroKernel): WasmFunction {
  const lanes = k.cols === 1 ? SCALAR : VECTOR;
  const nv = k.cols === 1 ? 1 : k.cols / 4;
  const L = { i: PARAMS, j: PARAMS + 1, k: PARAMS + 2, pa: PARAMS + 3, pb: PARAMS + 4, pc: PARAMS + 5 };
  const ints = 6 + k.rows;
  const row = (r: number) => PARAMS + 6 + r; // A's row r of the tile (row-major A)
  const acc = (r: number, v: number) => PARAMS + ints + r * nv + v;
  const bvec = (v: number) => PARAMS + ints + k.rows * nv + v;
  const aval = PARAMS + ints + k.rows * nv + nv;
  const code: number[] = [];
  const emit = (...parts: number[][]) => parts.forEach((p) => code.push(...p));
  // pc = c + i·ldc + j·4
  const tileC = () => emit(localGet(P.c), localGet(L.i), localGet(P.ldc), I32_MUL, I32_ADD, localGet(L.j), i32Const(4), I32_MUL, I32_ADD, localSet(L.pc));

  emit(localGet(P.j0), localSet(L.j), BLOCK, LOOP); // for j in [j0, j1) step cols
  emit(localGet(L.j), localGet(P.j1), I32_GE_U, brIf(1));
  emit(localGet(P.i0), localSet(L.i), BLOCK, LOOP); // for i in [i0, i1) step rows
  emit(localGet(L.i), localGet(P.i1), I32_GE_U, brIf(1));
  // accumulators start at 0, the bias, or C
  if (k.init === 'c') tileC();
  for (let r = 0; r < k.rows; r++) {
    for (let v = 0; v < nv; v++) {
      if (k.init === 'c') {
        emit(localGet(L.pc));
        if (r > 0) emit(localGet(P.ldc), i32Const(r), I32_MUL, I32_ADD);
        emit(lanes.load(16 * v));
      } else if (r > 0) emit(localGet(acc(0, v)));
      else if (k.init === 'bias') emit(localGet(P.bias), localGet(L.j), i32Const(4), I32_MUL, I32_ADD, lanes.load(16 * v));
      else emit(lanes.zero);
      emit(localSet(acc(r, v)));
    }
  }
  // acc += a·b: the product rounded, then the sum rounded, as XNNPACK's wasm kernels do
  const term = (r: number) => {
    emit(localSet(aval));
    for (let v = 0; v < nv; v++) emit(localGet(acc(r, v)), localGet(aval), localGet(bvec(v)), lanes.mul, lanes.add, localSet(acc(r, v)));
  };
  const loadB = () => {
    for (let v = 0; v < nv; v++) emit(localGet(L.pb), lanes.load(16 * v), localSet(bvec(v)));
    emit(localGet(L.pb), localGet(P.ldb), I32_ADD, localSet(L.pb));
  };
  emit(localGet(P.b), localGet(L.j), i32Const(4), I32_MUL, I32_ADD, localSet(L.pb), localGet(P.K), localSet(L.k));
  if (k.layout === 'rows') {
    // A row-major: a pointer per row of the tile, each one float on per k
    for (let r = 0; r < k.rows; r++) {
      emit(localGet(P.a), localGet(L.i), ...(r > 0 ? [i32Const(r), I32_ADD] : []), localGet(P.ars), I32_MUL, I32_ADD, localSet(row(r)));
    }
    emit(BLOCK, LOOP, localGet(L.k), I32_EQZ, brIf(1));
    loadB();
    for (let r = 0; r < k.rows; r++) {
      emit(localGet(row(r)), lanes.splat(0));
      term(r);
      emit(localGet(row(r)), i32Const(4), I32_ADD, localSet(row(r)));
    }
    emit(localGet(L.k), i32Const(1), I32_SUB, localSet(L.k));
    emit(br(0), END, END);
  } else {
    // A transposed (column-major): the tile's rows are adjacent floats of one column
    emit(localGet(P.a), localGet(L.i), i32Const(4), I32_MUL, I32_ADD, localSet(L.pa));
    emit(BLOCK, LOOP, localGet(L.k), I32_EQZ, brIf(1));
    loadB();
    for (let r = 0; r < k.rows; r++) {
      emit(localGet(L.pa), lanes.splat(4 * r));
      term(r);
    }
    emit(localGet(L.pa), localGet(P.acs), I32_ADD, localSet(L.pa));
    emit(localGet(L.k), i32Const(1), I32_SUB, localSet(L.k));
    emit(br(0), END, END);
  }
  // store the tile
  tileC();
  for (let r = 0; r < k.rows; r++) {
    for (let v = 0; v < nv; v++) {
      emit(localGet(L.pc));
      if (k.relu) emit(lanes.zero, localGet(acc(r, v)), lanes.relu);
      else emit(localGet(acc(r, v)));
      emit(lanes.store(16 * v));
    }
    if (r < k.rows - 1) emit(localGet(L.pc), localGet(P.ldc), I32_ADD, localSet(L.pc));
  }
  emit(localGet(L.i), i32Const(k.rows), I32_ADD, localSet(L.i), br(0), END, END);
  emit(localGet(L.j), i32Const(k.cols), I32_ADD, localSet(L.j), br(0), END, END);
  return { name: kernelName(k), params: PARAMS, locals: [[ints, I32], [k.rows * nv + nv + 1, lanes.type]], body: code };
}

/** Every micro-kernel the module exports: 4-row and 1-row tiles, 8, 4 and 1 columns, each init and relu. */
export const MICRO_KERNELS: readonly MicroKernel[] = (['rows', 'cols'] as const).flatMap((layout) => [4, 1].flatMap((rows) =>
  [8, 4, 1].flatMap((cols) =>
    (['zero', 'bias', 'c'] as const).flatMap((init) => [false, true].map((relu) => ({ rows, cols, init, relu, layout }))))));

/** The GEMM functions of the kernel module (wasm-kernels.ts), one per micro-kernel. */
export const gemmFunctions = (): WasmFunction[] => MICRO_KERNELS.map(gemmFunction);

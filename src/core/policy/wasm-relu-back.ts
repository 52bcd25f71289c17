/**
 * The relu's backward step as one WebAssembly SIMD pass (wasm-emit.ts), in place of tfjs's Step and
 * Multiply kernels (gradients.ts's `reluBack` runs it where the project's wasm kernels are in place):
 *
 *   out = dy · step(y),   step(y) = 1 where y > 0, NaN where y is NaN, else 0
 *
 * the very product tfjs computes (a float32 multiply by exactly 1, 0 or NaN), so the floats are its
 * own, signed zeros included (tests/core/policy/wasm-kernels.test.ts).
 *
 * Exported as relu_back(dy, y, out, n) → (): byte addresses and a count.
 */
import {
  BLOCK, br, brIf, bytesOfMultiple, END, F32, I32, I32_ADD, I32_GE_U, i32Const, localGet, localSet, LOOP, SCALAR, simd, V128,
  VECTOR, type WasmFunction,
} from './wasm-emit';

export const RELU_BACK = 'relu_back';

const F32X4_NE = simd(66);
const F32X4_GT = simd(68);
const V128_AND = simd(78);
const V128_BITSELECT = simd(82);
const F32_NE = [0x5c];
const F32_GT = [0x5e];
const SELECT = [0x1b];

export function reluBackFunction(): WasmFunction {
  const P = { dy: 0, y: 1, out: 2, n: 3 };
  const L = { i: 4, end4: 5, end: 6, y: 7, ys: 8 };
  const code: number[] = [];
  const emit = (...parts: number[][]) => parts.forEach((p) => code.push(...p));
  const at = (ptr: number) => [...localGet(ptr), ...localGet(L.i), ...I32_ADD];

  emit(bytesOfMultiple(P.n, 1, L.end), bytesOfMultiple(P.n, 4, L.end4), i32Const(0), localSet(L.i));
  // four lanes at a time: s = (y > 0) & 1.0, then y itself where y is NaN; out = dy · s
  emit(BLOCK, LOOP, localGet(L.i), localGet(L.end4), I32_GE_U, brIf(1));
  emit(at(P.y), VECTOR.load(0), localSet(L.y));
  emit(at(P.out), at(P.dy), VECTOR.load(0));
  emit(localGet(L.y), localGet(L.y), VECTOR.zero, F32X4_GT, VECTOR.constant(1), V128_AND, localGet(L.y), localGet(L.y), F32X4_NE, V128_BITSELECT);
  emit(VECTOR.mul, VECTOR.store(0));
  emit(localGet(L.i), i32Const(16), I32_ADD, localSet(L.i), br(0), END, END);
  // the last n mod 4: the same with scalars (select picks y when y ≠ y)
  emit(BLOCK, LOOP, localGet(L.i), localGet(L.end), I32_GE_U, brIf(1));
  emit(at(P.y), SCALAR.load(0), localSet(L.ys));
  emit(at(P.out), at(P.dy), SCALAR.load(0));
  emit(localGet(L.ys), SCALAR.constant(1), SCALAR.zero, localGet(L.ys), SCALAR.zero, F32_GT, SELECT);
  emit(localGet(L.ys), localGet(L.ys), F32_NE, SELECT);
  emit(SCALAR.mul, SCALAR.store(0));
  emit(localGet(L.i), i32Const(4), I32_ADD, localSet(L.i), br(0), END, END);
  return { name: RELU_BACK, params: 4, locals: [[3, I32], [1, V128], [1, F32]], body: code };
}

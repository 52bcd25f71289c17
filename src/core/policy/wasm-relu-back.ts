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
  BLOCK, br, brIf, END, F32, I32, I32_ADD, I32_GE_U, I32_SHL, i32Const, localGet, localSet, LOOP, V128, type WasmFunction,
} from './wasm-emit';

export const RELU_BACK = 'relu_back';

export function reluBackFunction(): WasmFunction {
  const P = { dy: 0, y: 1, out: 2, n: 3 };
  const L = { i: 4, end4: 5, end: 6, y: 7, ys: 8 };
  const code: number[] = [];
  const emit = (...parts: number[][]) => parts.forEach((p) => code.push(...p));
  const at = (ptr: number) => [...localGet(ptr), ...localGet(L.i), ...I32_ADD];
  const simd = (op: number) => [0xfd, ...(op < 128 ? [op] : [(op & 0x7f) | 0x80, op >> 7])];
  const memarg = [0x02, 0x00];
  const V_LOAD = [...simd(0), ...memarg];
  const V_STORE = [...simd(11), ...memarg];
  const V_CONST = (f: number) => [...simd(12), ...Array.from({ length: 4 }, () => [...new Uint8Array(new Float32Array([f]).buffer)]).flat()];
  const F32X4_GT = simd(68);
  const F32X4_NE = simd(66);
  const V128_AND = simd(78);
  const V128_BITSELECT = simd(82);
  const F32X4_MUL = simd(230);

  emit(localGet(P.n), i32Const(2), I32_SHL, localSet(L.end));
  emit(localGet(P.n), i32Const(-4), [0x71] /* i32.and */, i32Const(2), I32_SHL, localSet(L.end4));
  emit(i32Const(0), localSet(L.i));
  // four lanes at a time: s = (y > 0) & 1.0, then y itself where y is NaN; out = dy · s
  emit(BLOCK, LOOP, localGet(L.i), localGet(L.end4), I32_GE_U, brIf(1));
  emit(at(P.y), V_LOAD, localSet(L.y));
  emit(at(P.out), at(P.dy), V_LOAD);
  emit(localGet(L.y), localGet(L.y), V_CONST(0), F32X4_GT, V_CONST(1), V128_AND, localGet(L.y), localGet(L.y), F32X4_NE, V128_BITSELECT);
  emit(F32X4_MUL, V_STORE);
  emit(localGet(L.i), i32Const(16), I32_ADD, localSet(L.i), br(0), END, END);
  // the last n mod 4: the same with scalars (select picks y when y ≠ y)
  emit(BLOCK, LOOP, localGet(L.i), localGet(L.end), I32_GE_U, brIf(1));
  emit(at(P.y), [0x2a, 0x02, 0x00] /* f32.load */, localSet(L.ys));
  emit(at(P.out), at(P.dy), [0x2a, 0x02, 0x00]);
  emit(localGet(L.ys));
  emit([0x43, ...new Uint8Array(new Float32Array([1]).buffer)], [0x43, 0, 0, 0, 0], localGet(L.ys), [0x43, 0, 0, 0, 0], [0x5e] /* f32.gt */, [0x1b] /* select */);
  emit(localGet(L.ys), localGet(L.ys), [0x5c] /* f32.ne */, [0x1b]);
  emit([0x94] /* f32.mul */, [0x38, 0x02, 0x00] /* f32.store */);
  emit(localGet(L.i), i32Const(4), I32_ADD, localSet(L.i), br(0), END, END);
  return { name: RELU_BACK, params: 4, locals: [[3, I32], [1, V128], [1, F32]], body: code };
}

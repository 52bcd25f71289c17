/**
 * One Adam step of one weight as a single WebAssembly SIMD pass (wasm-emit.ts), in place of the 14
 * kernels tfjs's AdamOptimizer runs per weight (src/core/train/adam-state.ts uses it on wasm):
 *
 *   m′ = m·β₁ + g·(1 − β₁)            v′ = v·β₂ + (g·g)·(1 − β₂)
 *   θ′ = ((m′ / (1 − β₁ᵗ)) / (√(v′ / (1 − β₂ᵗ)) + ε))·(−lr) + θ
 *
 * Each operation is the float32 operation tfjs's kernels do, in their order and grouping (a product,
 * then a sum, each rounded; division and square root exact as IEEE has them), so θ′, m′ and v′ are
 * tfjs's own floats (tests/core/train/fused-adam.test.ts).
 *
 * Exported as adam_step(value, m, v, g, outValue, outM, outV, n, β₁, β₂, 1 − β₁, 1 − β₂, 1 − β₁ᵗ,
 * 1 − β₂ᵗ, ε, −lr) → (): byte addresses and a count (i32), then the float32 constants.
 */
import {
  BLOCK, br, brIf, bytesOfMultiple, END, F32, F32X4_SPLAT, I32, I32_ADD, I32_GE_U, i32Const, localGet, localSet, LOOP, SCALAR, V128,
  VECTOR, type Lanes, type WasmFunction,
} from './wasm-emit';

export const ADAM_STEP = 'adam_step';

const POINTERS = 8;
const CONSTANTS = 8;

export function adamFunction(): WasmFunction {
  const P = { value: 0, m: 1, v: 2, g: 3, outValue: 4, outM: 5, outV: 6, n: 7 };
  const C = (k: number) => POINTERS + k; // β₁, β₂, 1 − β₁, 1 − β₂, 1 − β₁ᵗ, 1 − β₂ᵗ, ε, −lr as f32 parameters
  const L = { i: POINTERS + CONSTANTS, end4: POINTERS + CONSTANTS + 1, end: POINTERS + CONSTANTS + 2 };
  const splat = (k: number) => L.end + 1 + k; // the constants as v128 lanes
  const VT = { g: L.end + 1 + CONSTANTS, m: L.end + 2 + CONSTANTS, v: L.end + 3 + CONSTANTS }; // v128 temporaries
  const ST = { g: L.end + 4 + CONSTANTS, m: L.end + 5 + CONSTANTS, v: L.end + 6 + CONSTANTS }; // f32 temporaries
  const code: number[] = [];
  const emit = (...parts: number[][]) => parts.forEach((p) => code.push(...p));

  const pass = (lanes: Lanes, end: number, constant: (k: number) => number, t: typeof VT) => {
    const { div, sqrt } = lanes;
    const at = (ptr: number) => [...localGet(ptr), ...localGet(L.i), ...I32_ADD];
    emit(BLOCK, LOOP, localGet(L.i), localGet(end), I32_GE_U, brIf(1));
    emit(at(P.g), lanes.load(0), localSet(t.g));
    // m′ = m·β₁ + g·(1 − β₁)
    emit(at(P.m), lanes.load(0), localGet(constant(0)), lanes.mul, localGet(t.g), localGet(constant(2)), lanes.mul, lanes.add, localSet(t.m));
    // v′ = v·β₂ + (g·g)·(1 − β₂)
    emit(at(P.v), lanes.load(0), localGet(constant(1)), lanes.mul, localGet(t.g), localGet(t.g), lanes.mul, localGet(constant(3)), lanes.mul, lanes.add, localSet(t.v));
    emit(at(P.outM), localGet(t.m), lanes.store(0), at(P.outV), localGet(t.v), lanes.store(0));
    // θ′ = ((m′ / (1 − β₁ᵗ)) / (√(v′ / (1 − β₂ᵗ)) + ε))·(−lr) + θ
    emit(at(P.outValue));
    emit(localGet(t.m), localGet(constant(4)), div);
    emit(localGet(t.v), localGet(constant(5)), div, sqrt, localGet(constant(6)), lanes.add);
    emit(div, localGet(constant(7)), lanes.mul, at(P.value), lanes.load(0), lanes.add, lanes.store(0));
    emit(localGet(L.i), i32Const(4 * lanes.width), I32_ADD, localSet(L.i), br(0), END, END);
  };

  emit(bytesOfMultiple(P.n, 1, L.end), bytesOfMultiple(P.n, 4, L.end4));
  for (let k = 0; k < CONSTANTS; k++) emit(localGet(C(k)), F32X4_SPLAT, localSet(splat(k)));
  emit(i32Const(0), localSet(L.i));
  pass(VECTOR, L.end4, splat, VT);
  pass(SCALAR, L.end, C, ST);
  return {
    name: ADAM_STEP,
    params: [...new Array<number>(POINTERS).fill(I32), ...new Array<number>(CONSTANTS).fill(F32)],
    locals: [[3, I32], [CONSTANTS + 3, V128], [3, F32]],
    body: code,
  };
}

/**
 * Chosen entries of a matrix product as one WebAssembly SIMD pass (wasm-emit.ts): the logits of the
 * allowed tokens only, z[n, v] = b[v] + Σ_d h[n, d]·W[d, v], for the (decision, token) pairs of a batch
 * (model.ts's allowedLogits), in place of the whole [N, V] product when about 9 of V = 124 tokens are read.
 *
 * Each entry is summed as the project's product (wasm-gemm.ts) and XNNPACK sum it: the bias first, then
 * + h[n, d]·W[d, v] for d = 0, 1, … (the product rounded, then the sum), so the floats are that product's
 * own (tests/core/policy/wasm-kernels.test.ts). Four entries of one decision share the lanes of a vector:
 * h[n, d] in every lane, and W[d, ·] at the four tokens, read as four rows of Wᵀ four d at a time and
 * transposed in registers (the sum still takes d one by one).
 *
 * Exported as gather_dot(h, wt, bias, groups, out, count, D, V) → (), byte addresses and counts; wt is Wᵀ [V, D]. `groups`
 * holds `count` records of 7 int32: the decision n, four tokens (the last repeated where a decision has
 * fewer left), the index of the group's first entry in `out`, and how many of its four lanes are entries.
 */
import {
  BLOCK, br, brIf, END, F32X4_SPLAT, I32, I32_ADD, I32_AND, I32_GE_U, I32_LOAD, I32_MUL, i32Const, localGet, localSet, LOOP,
  simd, V128, VECTOR, type WasmFunction,
} from './wasm-emit';

export const GATHER_DOT = 'gather_dot';
/** int32s per group record. */
export const GROUP_FIELDS = 7;

const F32_LOAD = [0x2a, 0x02, 0x00];
const F32_STORE = (offset: number) => [0x38, 0x02, offset];
const extractLane = (lane: number) => [...simd(31), lane]; // f32x4.extract_lane
const replaceLane = (lane: number) => [...simd(32), lane]; // f32x4.replace_lane
const IF = [0x04, 0x40];
const I32_GT_U = [0x4b];

/** i8x16.shuffle of the two vectors on the stack picking f32 lanes (0–3 the first, 4–7 the second). */
const shuffleLanes = (lanes: readonly number[]) => [...simd(13), ...lanes.flatMap((l) => [4 * l, 4 * l + 1, 4 * l + 2, 4 * l + 3])];

export function gatherDotFunction(): WasmFunction {
  const P = { h: 0, wt: 1, bias: 2, groups: 3, out: 4, count: 5, D: 6, V: 7 };
  const L = { g: 8, rec: 9, pa: 10, off: 11, d: 12, rowW: 13, lanes: 14, pout: 15, pw: (i: number) => 16 + i, d4: 20 };
  const INTS = 13;
  const acc = 8 + INTS;
  const wv = acc + 1;
  const r = (i: number) => acc + 2 + i; // four rows of Wᵀ, four columns of them after the transpose
  const t = (i: number) => acc + 6 + i;
  const code: number[] = [];
  const emit = (...parts: number[][]) => parts.forEach((p) => code.push(...p));
  const field = (k: number) => [...localGet(L.rec), ...I32_LOAD(4 * k)];

  emit(localGet(P.D), i32Const(4), I32_MUL, localSet(L.rowW)); // bytes per row of Wᵀ
  emit(localGet(P.D), i32Const(-4), I32_AND, localSet(L.d4)); // d below d4 runs four at a time
  emit(localGet(P.groups), localSet(L.rec), i32Const(0), localSet(L.g));
  emit(BLOCK, LOOP, localGet(L.g), localGet(P.count), I32_GE_U, brIf(1)); // for each group
  // pa = h + n·D·4; pw_i = wt + v_i·D·4 (row v_i of Wᵀ)
  emit(localGet(P.h), field(0), localGet(L.rowW), I32_MUL, I32_ADD, localSet(L.pa));
  for (let i = 0; i < 4; i++) emit(localGet(P.wt), field(1 + i), localGet(L.rowW), I32_MUL, I32_ADD, localSet(L.pw(i)));
  // acc = the four biases
  const biasOf = (i: number) => [...localGet(P.bias), ...field(1 + i), ...i32Const(4), ...I32_MUL, ...I32_ADD, ...F32_LOAD];
  emit(biasOf(0), F32X4_SPLAT);
  for (let i = 1; i < 4; i++) emit(biasOf(i), replaceLane(i));
  emit(localSet(acc));
  // d in fours: rows v_i of Wᵀ at d…d+3, transposed 4 × 4 into columns d…d+3 across the tokens; then, d in order,
  // acc += h[n, d] · W[d, v_i]
  emit(i32Const(0), localSet(L.off), i32Const(0), localSet(L.d));
  emit(BLOCK, LOOP, localGet(L.d), localGet(L.d4), I32_GE_U, brIf(1));
  for (let i = 0; i < 4; i++) emit(localGet(L.pw(i)), localGet(L.off), I32_ADD, VECTOR.load(0), localSet(r(i)));
  emit(localGet(r(0)), localGet(r(1)), shuffleLanes([0, 4, 1, 5]), localSet(t(0)));
  emit(localGet(r(2)), localGet(r(3)), shuffleLanes([0, 4, 1, 5]), localSet(t(1)));
  emit(localGet(r(0)), localGet(r(1)), shuffleLanes([2, 6, 3, 7]), localSet(t(2)));
  emit(localGet(r(2)), localGet(r(3)), shuffleLanes([2, 6, 3, 7]), localSet(t(3)));
  for (let j = 0; j < 4; j++) {
    const [x, y] = j < 2 ? [t(0), t(1)] : [t(2), t(3)];
    emit(localGet(acc), localGet(L.pa), localGet(L.off), I32_ADD, VECTOR.splat(4 * j));
    emit(localGet(x), localGet(y), shuffleLanes(j % 2 === 0 ? [0, 1, 4, 5] : [2, 3, 6, 7]), VECTOR.mul, VECTOR.add, localSet(acc));
  }
  emit(localGet(L.off), i32Const(16), I32_ADD, localSet(L.off));
  emit(localGet(L.d), i32Const(4), I32_ADD, localSet(L.d), br(0), END, END);
  // the last D mod 4 one at a time: W[d, v_i] gathered from the four rows
  emit(BLOCK, LOOP, localGet(L.d), localGet(P.D), I32_GE_U, brIf(1));
  emit(localGet(L.pw(0)), localGet(L.off), I32_ADD, F32_LOAD, F32X4_SPLAT);
  for (let i = 1; i < 4; i++) emit(localGet(L.pw(i)), localGet(L.off), I32_ADD, F32_LOAD, replaceLane(i));
  emit(localSet(wv));
  emit(localGet(acc), localGet(L.pa), localGet(L.off), I32_ADD, VECTOR.splat(0), localGet(wv), VECTOR.mul, VECTOR.add, localSet(acc));
  emit(localGet(L.off), i32Const(4), I32_ADD, localSet(L.off));
  emit(localGet(L.d), i32Const(1), I32_ADD, localSet(L.d), br(0), END, END);
  // out[first + i] for the lanes that are entries
  emit(localGet(P.out), field(5), i32Const(4), I32_MUL, I32_ADD, localSet(L.pout), field(6), localSet(L.lanes));
  emit(localGet(L.pout), localGet(acc), extractLane(0), F32_STORE(0));
  for (let i = 1; i < 4; i++) emit(localGet(L.lanes), i32Const(i), I32_GT_U, IF, localGet(L.pout), localGet(acc), extractLane(i), F32_STORE(4 * i), END);
  emit(localGet(L.rec), i32Const(4 * GROUP_FIELDS), I32_ADD, localSet(L.rec));
  emit(localGet(L.g), i32Const(1), I32_ADD, localSet(L.g), br(0), END, END);
  return { name: GATHER_DOT, params: 8, locals: [[INTS, I32], [10, V128]], body: code };
}

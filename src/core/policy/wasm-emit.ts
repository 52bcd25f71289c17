/**
 * A few WebAssembly instructions as bytes, and a module from them: what wasm-gemm.ts and
 * wasm-segment-sum.ts need to write their kernels without a toolchain. Opcodes are the spec's
 * (WebAssembly core 2.0 and its fixed-width SIMD proposal); each helper returns the bytes of one
 * instruction.
 */

export const I32 = 0x7f;
export const F32 = 0x7d;
export const V128 = 0x7b;

/** Unsigned LEB128. */
export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** Signed LEB128. */
export function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) return [...out, byte];
    out.push(byte | 0x80);
  }
}

const vector = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const name = (s: string): number[] => [...uleb(s.length), ...Array.from(s, (ch) => ch.charCodeAt(0))];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];

export const localGet = (i: number) => [0x20, ...uleb(i)];
export const localSet = (i: number) => [0x21, ...uleb(i)];
export const i32Const = (n: number) => [0x41, ...sleb(n)];
export const I32_ADD = [0x6a];
export const I32_SUB = [0x6b];
export const I32_MUL = [0x6c];
export const I32_SHL = [0x74];
export const I32_AND = [0x71];
export const I32_EQZ = [0x45];
export const I32_NE = [0x47];
export const I32_GE_U = [0x4f];
export const I32_LOAD = (offset: number) => [0x28, 0x02, ...uleb(offset)];
export const BLOCK = [0x02, 0x40];
export const LOOP = [0x03, 0x40];
export const END = [0x0b];
export const brIf = (depth: number) => [0x0d, ...uleb(depth)];
export const br = (depth: number) => [0x0c, ...uleb(depth)];
/** A SIMD instruction by its opcode (after the 0xfd prefix). */
export const simd = (op: number) => [0xfd, ...uleb(op)];
const memarg = (alignLog2: number, offset: number) => [...uleb(alignLog2), ...uleb(offset)];
const f32Bytes = (f: number) => Array.from(new Uint8Array(new Float32Array([f]).buffer));
export const F32X4_SPLAT = simd(19);

/** local `into` = 4 · (local `count` rounded down to a multiple of `multiple`, a power of 2): a length in bytes. */
export function bytesOfMultiple(count: number, multiple: number, into: number): number[] {
  return [...localGet(count), ...(multiple > 1 ? [...i32Const(-multiple), ...I32_AND] : []), ...i32Const(2), ...I32_SHL, ...localSet(into)];
}

/** The lane type a kernel works in: four f32 lanes of a v128, or one f32 (the last columns). */
export interface Lanes {
  type: number;
  width: number;
  load: (offset: number) => number[];
  store: (offset: number) => number[];
  splat: (offset: number) => number[];
  add: number[];
  mul: number[];
  div: number[];
  sqrt: number[];
  zero: number[];
  /** `f` in every lane. */
  constant: (f: number) => number[];
  /** max(0, x) of the two values on the stack, 0 under x. */
  relu: number[];
}

export const VECTOR: Lanes = {
  type: V128,
  width: 4,
  load: (o) => [...simd(0), ...memarg(2, o)], // v128.load (4-byte aligned is all a tensor promises)
  store: (o) => [...simd(11), ...memarg(2, o)], // v128.store
  splat: (o) => [...simd(9), ...memarg(2, o)], // v128.load32_splat
  add: simd(228), // f32x4.add
  mul: simd(230), // f32x4.mul
  div: simd(231), // f32x4.div
  sqrt: simd(227), // f32x4.sqrt
  zero: [...simd(12), ...new Array(16).fill(0)], // v128.const 0
  constant: (f) => [...simd(12), ...f32Bytes(f), ...f32Bytes(f), ...f32Bytes(f), ...f32Bytes(f)],
  relu: simd(235), // f32x4.pmax(0, x) = 0 < x ? x : 0, XNNPACK's clamp
};

export const SCALAR: Lanes = {
  type: F32,
  width: 1,
  load: (o) => [0x2a, ...memarg(2, o)], // f32.load
  store: (o) => [0x38, ...memarg(2, o)], // f32.store
  splat: (o) => [0x2a, ...memarg(2, o)],
  add: [0x92],
  mul: [0x94],
  div: [0x95],
  sqrt: [0x91],
  zero: [0x43, 0, 0, 0, 0], // f32.const 0
  constant: (f) => [0x43, ...f32Bytes(f)],
  relu: [0x97], // f32.max(0, x)
};

/** One exported function: its name, parameters (a count of i32s, or their types), locals as [count, type] runs, and body (without the final end). */
export interface WasmFunction {
  name: string;
  params: number | number[];
  locals: Array<[number, number]>;
  body: number[];
}

const paramTypes = (f: WasmFunction): number[] => (typeof f.params === 'number' ? new Array<number>(f.params).fill(I32) : f.params);

/**
 * A module that imports the backend's memory as `env.memory` (`shared` for a threaded build's
 * SharedArrayBuffer heap) and exports `functions`, each returning nothing.
 */
export function moduleBytes(functions: readonly WasmFunction[], shared = false): Uint8Array<ArrayBuffer> {
  const signatures = [...new Set(functions.map((f) => paramTypes(f).join()))];
  const types = section(1, vector(signatures.map((sig) => {
    const params = sig.split(',').map(Number);
    return [0x60, ...uleb(params.length), ...params, 0];
  })));
  const limits = shared ? [0x03, ...uleb(1), ...uleb(65536)] : [0x00, ...uleb(1)];
  const imports = section(2, vector([[...name('env'), ...name('memory'), 0x02, ...limits]]));
  const funcs = section(3, vector(functions.map((f) => uleb(signatures.indexOf(paramTypes(f).join())))));
  const exports = section(7, vector(functions.map((f, i) => [...name(f.name), 0x00, ...uleb(i)])));
  const code = section(10, vector(functions.map((f) => {
    const body = [...vector(f.locals.map(([count, type]) => [...uleb(count), type])), ...f.body, ...END];
    return [...uleb(body.length), ...body];
  })));
  return new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, ...types, ...imports, ...funcs, ...exports, ...code]);
}

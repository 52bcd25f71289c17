export { createRng, deriveSeed, type Rng } from './rng';
export { mean, minMax, std, variance } from './stats';

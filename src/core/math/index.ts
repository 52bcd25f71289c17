export { createRng, deriveSeed, type Rng } from './rng';
export { mean, std, variance } from './stats';

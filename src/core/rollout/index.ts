export * from './types';
export * from './collect';
export * from './score';
export * from './records';

export * from './vocabulary';
export * from './decoding';
export * from './features';
export * from './model';
export * from './policy';
export * from './sampling';
export * from './batch';

export * from './config';
export * from './advantages';
export * from './checkpoint';
export * from './metrics';
export * from './update';
export * from './trainer';
export * from './loop';
export * from './memory';

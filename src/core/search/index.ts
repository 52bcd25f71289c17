export * from './pass-at-k';
export * from './sample';
export * from './study';
export * from './results';
export * from './summary';
export * from './figures';
export * from './report';
export * from './run';

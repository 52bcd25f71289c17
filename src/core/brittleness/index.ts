export * from './rows';
export * from './sources';
export * from './report';

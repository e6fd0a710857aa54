export * from './common.ts';
export * from './entities.ts';

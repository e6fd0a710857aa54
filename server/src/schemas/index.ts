export * from './account.ts';
export * from './common.ts';
export * from './entities.ts';
export * from './wallet.ts';

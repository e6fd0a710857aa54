export * from './account.ts';
export * from './catalogue.ts';
export * from './common.ts';
export * from './entities.ts';
export * from './market.ts';
export * from './support.ts';
export * from './trading.ts';
export * from './wallet.ts';

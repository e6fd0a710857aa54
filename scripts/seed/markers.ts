/** Rows of `app_markers` that tell whether the demo catalogue was made on this database. */
export const SEED_MARKER = 'demo-seed';
/** Written first: a database with it but without SEED_MARKER saw an interrupted seed. */
export const SEED_STARTED_MARKER = 'demo-seed-started';

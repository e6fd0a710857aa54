/** `npm run contracts:build`: compiles contracts/ with the npm solc (cached; `--force` rebuilds). */
import { ARTIFACTS_DIR, compileContracts } from '#contracts/build/compile.ts';

const started = Date.now();
const compiled = compileContracts({ force: process.argv.includes('--force') });
console.log(
  compiled
    ? `compiled contracts into ${ARTIFACTS_DIR} in ${Date.now() - started} ms`
    : 'contracts unchanged (cached artifacts)',
);

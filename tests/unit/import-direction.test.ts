/**
 * The import direction of docs/architecture.md, as biome.json enforces it: each row writes one
 * file with one import at a path of the repository's layout in a scratch folder, lints it with
 * the repository's own biome.json and expects an error (a forbidden import) or none. A change to
 * biome.json that stops enforcing a direction fails here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { lintProbes } from './biome-probe.ts';

// file → import specifier → forbidden?
const CASES: [string, string, boolean][] = [
  // shared/ is a leaf
  ['shared/x.ts', '#web/lib/format.ts', true],
  ['shared/x.ts', '#server/errors.ts', true],
  ['shared/x.ts', '#contracts/typed-data/index.ts', true],
  ['shared/x.ts', 'ethers', true],
  ['shared/x.ts', 'node:fs', true],
  ['shared/x.ts', './rules.ts', false],
  ['shared/x.ts', 'typebox', false],
  // web ↛ server, scripts, tests
  ['src/lib/x.ts', '#server/errors.ts', true],
  ['src/lib/x.ts', '#scripts/lib/stack.ts', true],
  ['src/lib/x.ts', '#shared/rules.ts', false],
  ['src/lib/x.ts', '#contracts/typed-data/index.ts', false],
  // shared web code ↛ features and app
  ['src/lib/x.ts', '#web/features/nft/api/nft.ts', true],
  ['src/lib/x.ts', '../features/nft/api/nft.ts', true],
  ['src/components/ui/x.tsx', '#web/app/router.tsx', true],
  ['src/pwa/x.ts', '#web/features/social/api/social.ts', true],
  ['src/stores/x.ts', '#web/features/account/api/account.ts', true],
  ['src/pwa/x.ts', '#web/lib/format.ts', false],
  ['src/wallet/x.ts', '#web/features/trade/actions.ts', true],
  ['src/wallet/connectors/x.ts', '#web/app/router.tsx', true],
  ['src/wallet/x.ts', '#server/errors.ts', true],
  ['src/wallet/x.ts', '#web/lib/format.ts', false],
  // a feature ↛ another feature or the app; the app composes features
  ['src/features/set/api/x.ts', '#web/features/nft/api/nft.ts', true],
  ['src/features/set/x.ts', '../nft/api/nft.ts', true],
  ['src/features/set/api/x.ts', '../components/set-detail-screen.tsx', false],
  ['src/features/set/api/x.ts', '#web/components/ui/button.tsx', false],
  ['src/app/routes/x.tsx', '#web/features/nft/components/nft-detail-screen.tsx', false],
  // server ↛ web, scripts, tests
  ['server/src/x.ts', '#web/lib/format.ts', true],
  ['server/src/x.ts', '#scripts/lib/stack.ts', true],
  ['server/src/x.ts', '#server-tests/helpers/test-app.ts', true],
  ['server/src/x.ts', '#shared/errors.ts', false],
  ['server/src/x.ts', '#contracts/typed-data/index.ts', false],
  // contracts ↛ scripts, server, web (their tests included)
  ['contracts/x.ts', '#scripts/lib/stack.ts', true],
  ['contracts/test-ts/x.test.ts', '#scripts/lib/stack.ts', true],
  ['contracts/test-ts/x.test.ts', '#server/errors.ts', true],
  ['contracts/x.ts', '#shared/orders.ts', false],
  // tests import libraries, never a script's CLI entry point
  ['tests/e2e/x.ts', '#scripts/start.ts', true],
  ['server/tests/x.test.ts', '#scripts/seed/seed.ts', true],
  ['server/tests/x.test.ts', '#scripts/deploy.ts', true],
  ['server/tests/x.test.ts', '#web/lib/format.ts', true],
  ['tests/e2e/x.ts', '#scripts/lib/stack.ts', false],
  ['tests/e2e/x.ts', '#contracts/devnet/anvil.ts', false],
  // nowhere climbs two folders
  ['scripts/lib/x.ts', '../../server/src/errors.ts', true],
];

describe('import direction (biome.json noRestrictedImports)', () => {
  let errors: Map<string, string[]>;

  beforeAll(() => {
    errors = lintProbes(
      Object.fromEntries(
        CASES.map(([file, spec], i) => [
          file.replace(/(\.[a-z]+)$/, `-${i}$1`),
          `import { x } from '${spec}';\n\nexport const y = x;\n`,
        ]),
      ),
    );
  });

  it.each(CASES.map((c, i) => [...c, i] as const))(
    '%s imports %s: forbidden %s',
    (file, _spec, forbidden, i) => {
      const probe = file.replace(/(\.[a-z]+)$/, `-${i}$1`);
      const refused = (errors.get(probe) ?? []).includes('lint/style/noRestrictedImports');
      expect(refused).toBe(forbidden);
    },
  );
});

import { Interface } from 'ethers';
import { expect, it } from 'vitest';
import { DROPS_ABI } from '#contracts/abi/index.ts';
import { revertError } from '#server/chain/reverts.ts';
import { DROP_REVERT_CODES } from '#shared/drop-reverts.ts';
import { describeBackends, json, ROUTE_BACKENDS } from '../helpers/test-app.ts';

// Wire shapes and validation of /api/v1/drops (PGlite: no SQL that differs by backend here).
describeBackends(
  'drop routes',
  (t) => {
    it('lists no drops and refuses a bad state', async () => {
      const ok = await t.app.inject({ method: 'GET', url: '/api/v1/drops?state=live' });
      expect(ok.statusCode).toBe(200);
      expect(json(ok)).toEqual({ data: [], total: 0, page: 1, size: 12 });
      const bad = await t.app.inject({ method: 'GET', url: '/api/v1/drops?state=soon' });
      expect(bad.statusCode).toBe(400);
    });

    it('reads every refusal of the Drops contract as its catalogue code', () => {
      const errors = new Interface([
        ...DROPS_ABI.filter((line) => line.startsWith('error ')),
        'error TransferFromFailed()',
      ]);
      for (const [name, code] of Object.entries(DROP_REVERT_CODES)) {
        const fragment = errors.getError(name)!;
        const data = errors.encodeErrorResult(
          fragment,
          fragment.inputs.map(() => 1n),
        );
        expect([name, revertError({ data }).code]).toEqual([name, code]);
      }
    });

    it('answers DROP_NOT_FOUND for an unknown drop', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/drops/7771/9' });
      expect(res.statusCode).toBe(404);
      expect(json(res).code).toBe('DROP_NOT_FOUND');
    });
  },
  { backends: ROUTE_BACKENDS },
);

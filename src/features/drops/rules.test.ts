import { describe, expect, it } from 'vitest';
import {
  allInPrice,
  type DropDraft,
  draftProblems,
  kindOf,
  phaseOf,
  preOrderStatus,
  quantityCap,
  quantityRefusal,
  refundAmount,
} from './rules.ts';

const ETH = 10n ** 18n;
const drop = { total: 20, limitPerWallet: 2, sold: 0, start: 100, end: 1000 };

describe('quantity cap', () => {
  it('is the limit less what the user holds, and no more than is left', () => {
    expect(quantityCap(drop, 0)).toBe(2);
    expect(quantityCap(drop, 1)).toBe(1);
    expect(quantityCap(drop, 2)).toBe(0);
    expect(quantityCap({ ...drop, sold: 19 }, 0)).toBe(1);
    expect(quantityCap({ ...drop, sold: 20 }, 0)).toBe(0);
    // Never negative, even for a holder above a limit (bought through a transfer of bags).
    expect(quantityCap(drop, 5)).toBe(0);
  });

  it('refuses what the chain would, before signing', () => {
    expect(quantityRefusal(drop, 0, 2, 500)).toBeNull();
    expect(quantityRefusal(drop, 0, 3, 500)).toBe('dropOverLimit');
    expect(quantityRefusal(drop, 1, 2, 500)).toBe('dropOverLimit');
    expect(quantityRefusal({ ...drop, sold: 19 }, 0, 2, 500)).toBe('dropSoldOut');
    expect(quantityRefusal(drop, 0, 0, 500)).toBe('selectItems');
    expect(quantityRefusal(drop, 0, 1.5, 500)).toBe('selectItems');
    expect(quantityRefusal(drop, 0, 1, 99)).toBe('dropNotStarted');
    expect(quantityRefusal(drop, 0, 1, 1000)).toBe('dropEnded');
  });
});

describe('all-in price and phases', () => {
  it('is price × quantity in wei, exactly', () => {
    expect(allInPrice(ETH / 3n, 2)).toBe((ETH / 3n) * 2n);
    expect(allInPrice(123456789n, 0)).toBe(0n);
  });

  it('upcoming before the start, live while open with items left, ended after or sold out', () => {
    expect(phaseOf(drop, 99)).toBe('upcoming');
    expect(phaseOf(drop, 100)).toBe('live');
    expect(phaseOf(drop, 999)).toBe('live');
    expect(phaseOf(drop, 1000)).toBe('ended');
    expect(phaseOf({ ...drop, sold: 20 }, 500)).toBe('ended');
    expect(kindOf(4)).toBe('MAGIC_BAG');
  });
});

describe('pre-orders after buying', () => {
  it('waiting items are INCOMING before the deadline and refundable from it', () => {
    const h = { bought: 2, delivered: 1, refunded: 0 };
    expect(preOrderStatus(h, 5000, 4999)).toEqual({
      waiting: 1,
      delivered: 1,
      refunded: 0,
      refundable: false,
    });
    expect(preOrderStatus(h, 5000, 5000).refundable).toBe(true);
    expect(preOrderStatus({ bought: 2, delivered: 2, refunded: 0 }, 5000, 6000).refundable).toBe(
      false,
    );
    expect(refundAmount(h, ETH)).toBe(ETH);
    expect(refundAmount({ bought: 2, delivered: 0, refunded: 2 }, ETH)).toBe(0n);
  });
});

describe('a partner draft', () => {
  const base: DropDraft = {
    kind: 'PRE_ORDER',
    title: 'Apartment',
    price: ETH,
    total: 20,
    limitPerWallet: 2,
    start: 2000,
    end: 3000,
    deadline: 4000,
    eventTime: 0,
    place: '',
    poolSize: 0,
  };
  it('accepts settings the contract accepts', () => {
    expect(draftProblems(base, 1000)).toEqual({});
    expect(draftProblems({ ...base, kind: 'EDITION', deadline: 0 }, 1000)).toEqual({});
  });
  it('names each field the contract would refuse', () => {
    expect(draftProblems({ ...base, title: ' ', price: 0n, total: 0 }, 1000)).toEqual({
      title: 'compulsoryField',
      price: 'invalid',
      total: 'invalid',
      limitPerWallet: 'invalidDrop',
    });
    expect(draftProblems({ ...base, end: 2000, deadline: 1999 }, 1000)).toEqual({
      end: 'invalidDrop',
      deadline: 'invalidDrop',
    });
    expect(draftProblems({ ...base, kind: 'TICKET', eventTime: 2500 }, 1000)).toEqual({
      eventTime: 'invalidDrop',
      place: 'compulsoryField',
    });
    // A magic bag: the pool is committed before the sale opens, one item per bag.
    expect(draftProblems({ ...base, kind: 'MAGIC_BAG', poolSize: 19 }, 2000)).toEqual({
      start: 'dropBagCommitLate',
      pool: 'invalidDrop',
    });
  });
});

describe('countdown', () => {
  it('shows the two largest units', async () => {
    const { durationParts } = await import('./rules.ts');
    expect(durationParts(90_061)).toEqual([
      { unit: 'd', count: 1 },
      { unit: 'h', count: 1 },
    ]);
    expect(durationParts(61)).toEqual([
      { unit: 'm', count: 1 },
      { unit: 's', count: 1 },
    ]);
    expect(durationParts(-5)).toEqual([{ unit: 's', count: 0 }]);
  });
});

import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Nft } from '#shared/schemas/entities.ts';
import { testNetwork } from '#web/test/networks.ts';
import { initTestI18n, renderWithApp } from '#web/test/render.tsx';
import { NftCard } from './cards.tsx';

afterEach(cleanup);

const E = 10n ** 18n;
const nft = (networkId: number, saleType: 'FIXED' | 'AUCTION'): Nft => ({
  item_id: networkId,
  networkId,
  collectionAddr: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  collectionId: 1,
  tokenId: '7',
  tokenNonce: '1',
  owner: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  creator: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  name: 'Legend Card',
  description: '',
  image: '',
  animationUrl: null,
  metadataUri: '',
  status: 'ONSALE',
  baseType: 'image',
  labelId: null,
  hotNFT: false,
  isSet: false,
  isBundle: false,
  isBid: saleType === 'AUCTION',
  saleType,
  buyPrice: (2n * E).toString(),
  discountBps: 0,
  highestBid: saleType === 'AUCTION' ? (3n * E).toString() : null,
  likeCount: 0,
  bidCount: 0,
  orderHash: null,
  setId: null,
  bundleId: null,
  isLiked: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const vbchain = testNetwork(7771);
const testChain = testNetwork(97);

describe('a card of the catalogue', () => {
  it.each([
    ['a fixed price on the test chain: BNB, and its chain named', 97, 'FIXED', '2 BNB', true],
    ['a bid on the test chain: WBNB', 97, 'AUCTION', '3 WBNB', true],
    ['a fixed price on VBChain: VBC', 7771, 'FIXED', '2 VBC', true],
  ] as const)('%s', async (_name, networkId, saleType, price, badge) => {
    await initTestI18n('en');
    renderWithApp(<NftCard nft={nft(networkId, saleType)} />, {
      networks: [vbchain, testChain],
    });
    const text = document.body.textContent ?? '';
    expect(text).toContain(price);
    const name = networkId === 97 ? testChain.name : vbchain.name;
    expect(text.includes(name)).toBe(badge);
  });

  it('names no chain while the catalogue has one network', async () => {
    await initTestI18n('en');
    renderWithApp(<NftCard nft={nft(7771, 'FIXED')} />, { networks: [vbchain] });
    const text = document.body.textContent ?? '';
    expect(text).toContain('2 VBC');
    expect(text).not.toContain(vbchain.name);
  });

  it('names no coin for a network the list does not hold, rather than another chain’s', async () => {
    await initTestI18n('en');
    renderWithApp(<NftCard nft={nft(97, 'FIXED')} />, { networks: [vbchain] });
    const text = document.body.textContent ?? '';
    expect(text).not.toContain('VBC');
    expect(text).not.toContain('BNB');
  });
});

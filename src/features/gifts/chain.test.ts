import { AbiCoder, Interface, verifyTypedData, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { GIFTS_ABI, MARKETPLACE_COLLECTION_ABI } from '#contracts/abi/index.ts';
import { CREATE_TYPES, giftsDomain } from '#contracts/typed-data/gifts.ts';
import type { Network } from '#shared/schemas/entities.ts';
import { giftLink, giveTx, linkKeyAddress, newLinkKey, takeBackTx } from './chain.ts';

const network = {
  networkId: 7771,
  giftsAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
} as Network;
const holder = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const collection = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

describe('gift link key', () => {
  const key = newLinkKey();
  it.each([
    [key, new Wallet(key).address],
    ['0x1234', null],
    [`0x${'zz'.repeat(32)}`, null],
    [`0x${'00'.repeat(32)}`, null],
    ['', null],
  ])('linkKeyAddress(%s)', (text, address) => {
    expect(linkKeyAddress(text)).toBe(address);
  });

  it('puts the key in the fragment of the claim screen', () => {
    expect(giftLink('https://m.example', key)).toBe(`https://m.example/gift-claim#${key}`);
  });
});

describe('gift transactions', () => {
  it('gives by a safe transfer carrying the link key address and its Create signature', async () => {
    const key = newLinkKey();
    const claimKey = new Wallet(key).address;
    const tx = await giveTx(network, holder, { collection, tokenId: 7n }, key);
    expect(tx).toMatchObject({ from: holder, to: collection, value: 0n, chainId: 7771 });
    const call = new Interface(MARKETPLACE_COLLECTION_ABI).parseTransaction({ data: tx.data })!;
    expect(call.signature).toBe('safeTransferFrom(address,address,uint256,bytes)');
    expect([call.args[0], call.args[1], call.args[2]]).toEqual([holder, network.giftsAddress, 7n]);
    const [address, signature] = AbiCoder.defaultAbiCoder().decode(
      ['address', 'bytes'],
      call.args[3],
    );
    expect(address).toBe(claimKey);
    const domain = giftsDomain(network.networkId, network.giftsAddress!);
    const create = { giver: holder, collection, tokenId: 7n };
    expect(verifyTypedData(domain, CREATE_TYPES, create, signature)).toBe(claimKey);
  });

  it('takes back by the gift id, sent to the gifts contract', () => {
    const tx = takeBackTx(network, holder, '12');
    expect(tx.to).toBe(network.giftsAddress);
    const call = new Interface(GIFTS_ABI).parseTransaction({ data: tx.data })!;
    expect([call.name, call.args[0]]).toEqual(['takeBack', 12n]);
  });
});

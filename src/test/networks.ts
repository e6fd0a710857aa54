/** Test helper: networks as GET ETHnetworks/gets lists them (VBChain devnet and the test chain 97). */
import type { Network } from '#shared/schemas/entities.ts';

export function testNetwork(networkId: number, overrides: Partial<Network> = {}): Network {
  const testChain = networkId === 97;
  return {
    _id: networkId,
    networkId,
    name: testChain ? 'BNB test chain' : `VBChain ${networkId}`,
    icon: '',
    domain: `http://127.0.0.1/api/v1/ETHnetworks/${networkId}`,
    gateway: `http://127.0.0.1/api/v1/ETHnetworks/${networkId}/gateway`,
    group: testChain ? 'testnet' : 'devnet',
    rpcUrl: `http://127.0.0.1/api/v1/ETHnetworks/${networkId}/rpc`,
    nativeSymbol: testChain ? 'BNB' : 'VBC',
    wrappedSymbol: testChain ? 'WBNB' : 'WVBC',
    explorerUrl: '',
    wrapperAddress: null,
    exchangeAddress: null,
    collectionFactoryAddress: null,
    ...overrides,
  };
}

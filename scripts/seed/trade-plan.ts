/**
 * The demo catalogue's listings, auctions, bids, trades and social actions, by collection key and
 * 1-based token id; ./catalogue.ts holds the people and collections they refer to.
 */

/** Listings and trades, by collection key and 1-based token id (ids follow the mint order). */
export const TRADES = {
  /** Fixed-price single listings: [collection, token, price in 0.01 VBC]. */
  fixed: [
    ['residences', 1, 12_000],
    ['residences', 2, 9_500],
    ['residences', 3, 15_000],
    ['residences', 4, 8_800],
    ['jewellery', 1, 450],
    ['jewellery', 2, 380],
    ['jewellery', 3, 1_200],
    ['jewellery', 4, 260],
    ['abstracts', 1, 120],
    ['abstracts', 2, 95],
    ['abstracts', 3, 240],
    ['abstracts', 4, 75],
    ['abstracts', 5, 180],
    ['beats', 1, 35],
    ['beats', 2, 42],
    ['beats', 3, 28],
    ['legends', 1, 55],
    ['legends', 2, 64],
    ['legends', 3, 30],
    ['motors', 1, 4_800],
    ['motors', 2, 5_200],
    ['motors', 3, 3_900],
    ['realms', 1, 18],
    ['realms', 2, 22],
  ] as [string, number, number][],
  /** Of the fixed listings, bought by [buyer account] (real buys: SOLD + provenance). */
  bought: [
    ['abstracts', 2, 7],
    ['abstracts', 4, 9],
    ['jewellery', 4, 8],
    ['beats', 3, 9],
    ['legends', 3, 7],
    ['residences', 4, 8],
    ['realms', 1, 6],
  ] as [string, number, number][],
  /** A listing the seller revokes (REVOKE provenance). */
  revoked: [['abstracts', 5]] as [string, number][],
  /** Gifts (TRANSFER provenance): [collection, token, to account]. */
  gifts: [['legends', 12, 7]] as [string, number, number][],
  /** Live auctions: [collection, token, reserve in 0.01 VBC, days to run, bids [account, 0.01 VBC]]. */
  auctions: [
    [
      'abstracts',
      6,
      150,
      3,
      [
        [7, 160],
        [9, 175],
        [7, 200],
      ],
    ],
    [
      'jewellery',
      5,
      600,
      5,
      [
        [8, 650],
        [7, 700],
      ],
    ],
    [
      'beats',
      4,
      30,
      4,
      [
        [9, 32],
        [6, 40],
      ],
    ],
    ['motors', 4, 4_000, 7, [[8, 4_100]]],
    ['legends', 4, 50, 2, []],
  ] as [string, number, number, number, [number, number][]][],
  /**
   * An auction that ends during the seed (chain time moved on by ~90 s) and is claimed by its
   * winner through bid/claim: [collection, token, reserve, bids [account, 0.01 VBC], winner].
   */
  claimed: [
    [
      'realms',
      3,
      10,
      [
        [7, 12],
        [9, 15],
      ],
      9,
    ],
  ] as [string, number, number, [number, number][], number][],
  /** Sets (sold whole, fixed price): [collection, tokens, price, name]. */
  sets: [
    ['residences', [5, 6, 7], 30_000, 'Skyline Tower A, floors 5-7'],
    ['legends', [5, 6, 7, 8], 200, 'Midfield legends set'],
    ['motors', [5, 6], 9_500, 'Twin roadsters'],
  ] as [string, number[], number, string][],
  /** Bundles: [collection, tokens, price per item, discount bps, min count, name]. */
  bundles: [
    ['abstracts', [7, 8, 9, 10, 11], 90, 1_500, 3, 'Monsoon season bundle'],
    ['jewellery', [6, 7, 8, 9], 300, 1_000, 2, 'Wedding jewellery bundle'],
    ['beats', [5, 6, 7, 8], 25, 2_000, 4, 'Full session bundle'],
  ] as [string, number[], number, number, number, string][],
  /** A partial bundle buy: [bundle index, token ids, buyer]. */
  bundleBuys: [[1, [6, 7], 9]] as [number, number[], number][],
  /** Likes: [account, collection, token] (NFT) and [account, collection] (collection). */
  nftLikes: [
    [6, 'abstracts', 1],
    [7, 'abstracts', 1],
    [8, 'abstracts', 1],
    [9, 'abstracts', 1],
    [7, 'abstracts', 3],
    [8, 'abstracts', 3],
    [6, 'residences', 1],
    [9, 'residences', 1],
    [7, 'jewellery', 1],
    [8, 'jewellery', 1],
    [6, 'jewellery', 3],
    [9, 'beats', 1],
    [7, 'beats', 2],
    [8, 'legends', 1],
    [6, 'motors', 1],
    [9, 'motors', 2],
    [7, 'abstracts', 6],
    [8, 'jewellery', 5],
    [9, 'realms', 2],
  ] as [number, string, number][],
  collectionLikes: [
    [6, 'abstracts'],
    [7, 'abstracts'],
    [8, 'abstracts'],
    [7, 'residences'],
    [9, 'residences'],
    [6, 'jewellery'],
    [8, 'beats'],
    [9, 'motors'],
  ] as [number, string][],
  /** Follows: [follower account, followee account]. */
  follows: [
    [6, 2],
    [6, 4],
    [7, 4],
    [8, 2],
    [8, 3],
    [9, 5],
    [9, 4],
    [7, 5],
    [2, 4],
  ] as [number, number][],
};

/**
 * What the demo catalogue contains: the people (anvil demo accounts, contracts/README.md), the
 * partner collections with their NFTs (metadata, properties, inspection reports) and the trades
 * made on them. Pure data and small generators; ./seed.ts makes it real on chain and
 * through the API.
 */
import type { Motif } from '../lib/images.ts';

export const ONE = 10n ** 18n;
/** 0.01 VBC steps keep prices readable. */
export const centi = (n: number) => (ONE / 100n) * BigInt(n);

export interface Person {
  /** anvil account index (contracts/README.md). */
  account: number;
  username: string;
  bio: string;
  /** Featured creator (a user's `isCreator` on the API: listed among the featured creators). */
  creator: boolean;
}

/** #0 deploys, #1 attests auction winners; #2..#9 are people of the marketplace. */
export const PEOPLE: Person[] = [
  {
    account: 2,
    username: 'saigon-estates',
    bio: 'Tokenised apartments and villas in Ho Chi Minh City, inspected and certified.',
    creator: true,
  },
  {
    account: 3,
    username: 'lotus-atelier',
    bio: 'Hand-made jewellery and classic cars, each piece with its certificate.',
    creator: true,
  },
  {
    account: 4,
    username: 'mekong-studio',
    bio: 'Generative art from the Mekong delta, and pixel worlds to play in.',
    creator: true,
  },
  {
    account: 5,
    username: 'hanoi-beats',
    bio: 'Music drops and match-day collectibles from Hanoi.',
    creator: true,
  },
  {
    account: 7,
    username: 'minh-collects',
    bio: 'Collector of art and rare cards.',
    creator: false,
  },
  {
    account: 8,
    username: 'thu-trang',
    bio: 'Buying homes and jewellery on chain.',
    creator: false,
  },
  { account: 9, username: 'an-nguyen', bio: 'Music lover, bidding on everything.', creator: false },
];

/** The account a visitor signs in with (username + password), wallet #6. */
export const DEMO_ACCOUNT = {
  account: 6,
  username: 'demo',
  email: 'demo@vbchain.local',
  password: 'demo1234',
  bio: 'The demo account: sign in with demo / demo1234.',
};

export interface CollectionPlan {
  key: string;
  partner: number;
  name: string;
  symbol: string;
  /** categories.key (server/migrations/001_init.sql). */
  category: string;
  motif: Motif;
  description: string;
  items: ItemPlan[];
}

export interface ItemPlan {
  name: string;
  description: string;
  attributes: { trait_type: string; value: string | number; display_type?: string }[];
  inspection?: { inspector: string; result: string; summary: string; inspected_at: string }[];
  baseType?: string;
}

function items(count: number, make: (i: number) => ItemPlan): ItemPlan[] {
  return Array.from({ length: count }, (_, i) => make(i));
}

const DISTRICTS = [
  'District 1',
  'District 2',
  'District 3',
  'Binh Thanh',
  'Thu Duc',
  'District 7',
  'Phu Nhuan',
];
const GEMS = ['Ruby', 'Sapphire', 'Jade', 'Pearl', 'Emerald', 'Diamond', 'Topaz'];
const METALS = ['Gold 18K', 'Gold 24K', 'Platinum', 'Silver'];
const MOODS = [
  'Dawn',
  'Monsoon',
  'Floating Market',
  'Rice Field',
  'Lantern',
  'Delta',
  'River Night',
  'Lotus Pond',
];
const GENRES = ['V-Pop', 'Lo-fi', 'Ca tru', 'Electronic', 'Ballad', 'Hip-hop'];
const CLUBS = [
  'Ha Noi FC',
  'Hoang Anh Gia Lai',
  'Song Lam Nghe An',
  'Viettel',
  'Binh Dinh',
  'Nam Dinh',
];
const POSITIONS = ['Goalkeeper', 'Defender', 'Midfielder', 'Forward'];
const CARS = ['Roadster', 'Coupe', 'Sedan', 'Convertible', 'Grand Tourer', 'Saloon'];
const WORLDS = ['Sky Temple', 'Lava Caves', 'Crystal Bay', 'Bamboo Forest'];

const date = (i: number) => new Date(Date.UTC(2025, i % 12, 1 + ((i * 7) % 27))).toISOString();

export const COLLECTIONS: CollectionPlan[] = [
  {
    key: 'residences',
    partner: 2,
    name: 'Saigon Skyline Residences',
    symbol: 'SSR',
    category: 'real-estate',
    motif: 'skyline',
    description: 'Ownership certificates of apartments in Ho Chi Minh City, each with its survey.',
    items: items(14, (i) => ({
      name: `Skyline Residence ${String.fromCharCode(65 + (i % 6))}-${(i + 1) * 101}`,
      description: `A ${2 + (i % 3)}-bedroom apartment in ${DISTRICTS[i % DISTRICTS.length]}, floor ${3 + i}.`,
      attributes: [
        { trait_type: 'District', value: DISTRICTS[i % DISTRICTS.length]! },
        { trait_type: 'Bedrooms', value: 2 + (i % 3), display_type: 'number' },
        { trait_type: 'Area (m²)', value: 65 + i * 9, display_type: 'number' },
        { trait_type: 'Floor', value: 3 + i, display_type: 'number' },
      ],
      inspection: [
        {
          inspector: 'VietSurvey Co.',
          result: 'PASSED',
          summary: 'Structure, wiring and plumbing checked; title deed verified.',
          inspected_at: date(i),
        },
      ],
    })),
  },
  {
    key: 'jewellery',
    partner: 3,
    name: 'Lotus Jewellery Atelier',
    symbol: 'LJA',
    category: 'jewellery',
    motif: 'gem',
    description: 'Certified hand-made jewellery; the NFT is the certificate of ownership.',
    items: items(14, (i) => ({
      name: `${GEMS[i % GEMS.length]} ${['Ring', 'Pendant', 'Bracelet', 'Earrings'][i % 4]} #${i + 1}`,
      description: `${METALS[i % METALS.length]} with a ${GEMS[i % GEMS.length]!.toLowerCase()} of ${(0.5 + (i % 5) * 0.25).toFixed(2)} ct.`,
      attributes: [
        { trait_type: 'Gem', value: GEMS[i % GEMS.length]! },
        { trait_type: 'Metal', value: METALS[i % METALS.length]! },
        {
          trait_type: 'Carat',
          value: Number((0.5 + (i % 5) * 0.25).toFixed(2)),
          display_type: 'number',
        },
      ],
      inspection: [
        {
          inspector: 'Saigon Gem Lab',
          result: 'GENUINE',
          summary: 'Natural stone, no treatment detected; metal purity as stated.',
          inspected_at: date(i + 3),
        },
        ...(i % 3 === 0
          ? [
              {
                inspector: 'Lotus Atelier QA',
                result: 'PASSED',
                summary: 'Setting and clasp re-checked before listing.',
                inspected_at: date(i + 5),
              },
            ]
          : []),
      ],
    })),
  },
  {
    key: 'abstracts',
    partner: 4,
    name: 'Mekong Abstracts',
    symbol: 'MKA',
    category: 'art',
    motif: 'abstract',
    description: 'Generative abstract paintings inspired by life on the Mekong delta.',
    items: items(16, (i) => ({
      name: `${MOODS[i % MOODS.length]} No. ${i + 1}`,
      description: `Generative painting, series ${1 + Math.floor(i / 8)}.`,
      attributes: [
        { trait_type: 'Mood', value: MOODS[i % MOODS.length]! },
        { trait_type: 'Series', value: 1 + Math.floor(i / 8), display_type: 'number' },
        { trait_type: 'Palette', value: ['Warm', 'Cool', 'Neon', 'Earth'][i % 4]! },
      ],
    })),
  },
  {
    key: 'beats',
    partner: 5,
    name: 'Hanoi Beats',
    symbol: 'HNB',
    category: 'music',
    motif: 'equalizer',
    description: 'Limited music editions: owners get the master file and backstage access.',
    items: items(12, (i) => ({
      name: `${GENRES[i % GENRES.length]} Session ${i + 1}`,
      description: `Edition ${i + 1} of 12, recorded live in Hanoi.`,
      baseType: 'audio',
      attributes: [
        { trait_type: 'Genre', value: GENRES[i % GENRES.length]! },
        { trait_type: 'Length (s)', value: 180 + i * 13, display_type: 'number' },
        { trait_type: 'Edition', value: i + 1, display_type: 'number' },
      ],
    })),
  },
  {
    key: 'legends',
    partner: 5,
    name: 'V-League Legends',
    symbol: 'VLL',
    category: 'sports',
    motif: 'ball',
    description: 'Digital player cards of the V-League, one per legend.',
    items: items(12, (i) => ({
      name: `Legend Card #${i + 1}`,
      description: `${POSITIONS[i % POSITIONS.length]} of ${CLUBS[i % CLUBS.length]}.`,
      attributes: [
        { trait_type: 'Club', value: CLUBS[i % CLUBS.length]! },
        { trait_type: 'Position', value: POSITIONS[i % POSITIONS.length]! },
        { trait_type: 'Rating', value: 70 + ((i * 7) % 29), display_type: 'number' },
      ],
    })),
  },
  {
    key: 'motors',
    partner: 3,
    name: 'Classic Motors VN',
    symbol: 'CMV',
    category: 'car',
    motif: 'car',
    description: 'Restored classic cars with their registration and inspection history.',
    items: items(12, (i) => ({
      name: `Classic ${CARS[i % CARS.length]} ${1960 + i * 2}`,
      description: `A restored ${1960 + i * 2} ${CARS[i % CARS.length]!.toLowerCase()}, kept in Da Nang.`,
      attributes: [
        { trait_type: 'Body', value: CARS[i % CARS.length]! },
        { trait_type: 'Year', value: 1960 + i * 2, display_type: 'number' },
        { trait_type: 'Mileage (km)', value: 40000 + i * 3500, display_type: 'number' },
      ],
      inspection: [
        {
          inspector: 'Da Nang Auto Inspection',
          result: i % 5 === 4 ? 'PASSED WITH NOTES' : 'PASSED',
          summary:
            i % 5 === 4
              ? 'Roadworthy; minor rust on the rear arch noted.'
              : 'Engine, brakes and chassis in order; registration verified.',
          inspected_at: date(i + 1),
        },
      ],
    })),
  },
  {
    key: 'realms',
    partner: 4,
    name: 'Pixel Realms',
    symbol: 'PXR',
    category: 'game',
    motif: 'pixels',
    description: 'Playable land plots of a pixel game world.',
    items: items(8, (i) => ({
      name: `${WORLDS[i % WORLDS.length]} Plot ${i + 1}`,
      description: `A ${4 + (i % 3) * 2}x${4 + (i % 3) * 2} plot in ${WORLDS[i % WORLDS.length]}.`,
      attributes: [
        { trait_type: 'World', value: WORLDS[i % WORLDS.length]! },
        { trait_type: 'Size', value: `${4 + (i % 3) * 2}x${4 + (i % 3) * 2}` },
      ],
    })),
  },
];

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

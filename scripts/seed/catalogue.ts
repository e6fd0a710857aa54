/**
 * What the demo catalogue contains: the people (anvil demo accounts, contracts/README.md), the
 * partner collections with their NFTs (metadata, properties, inspection reports); the trades made
 * on them are in ./trade-plan.ts. Pure data and small generators; ./seed.ts makes it real on chain and
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

/**
 * A Vietnamese-first product's demo reads naturally in Vietnamese, with the English beside it
 * (names stay as they are: proper names).
 */
const bilingual = (vi: string, en: string) => `${vi}\n\n${en}`;
const DISTRICTS_VI = ['Quận 1', 'Quận 2', 'Quận 3', 'Bình Thạnh', 'Thủ Đức', 'Quận 7', 'Phú Nhuận'];
const GEMS_VI = [
  'hồng ngọc',
  'lam ngọc',
  'ngọc bích',
  'ngọc trai',
  'ngọc lục bảo',
  'kim cương',
  'hoàng ngọc',
];
const METALS_VI = ['Vàng 18K', 'Vàng 24K', 'Bạch kim', 'Bạc'];
const POSITIONS_VI = ['Thủ môn', 'Hậu vệ', 'Tiền vệ', 'Tiền đạo'];

const date = (i: number) => new Date(Date.UTC(2025, i % 12, 1 + ((i * 7) % 27))).toISOString();

export const COLLECTIONS: CollectionPlan[] = [
  {
    key: 'residences',
    partner: 2,
    name: 'Saigon Skyline Residences',
    symbol: 'SSR',
    category: 'real-estate',
    motif: 'skyline',
    description: bilingual(
      'Giấy chứng nhận sở hữu căn hộ tại TP. Hồ Chí Minh, kèm biên bản khảo sát.',
      'Ownership certificates of apartments in Ho Chi Minh City, each with its survey.',
    ),
    items: items(14, (i) => ({
      name: `Skyline Residence ${String.fromCharCode(65 + (i % 6))}-${(i + 1) * 101}`,
      description: bilingual(
        `Căn hộ ${2 + (i % 3)} phòng ngủ tại ${DISTRICTS_VI[i % DISTRICTS_VI.length]}, tầng ${3 + i}.`,
        `A ${2 + (i % 3)}-bedroom apartment in ${DISTRICTS[i % DISTRICTS.length]}, floor ${3 + i}.`,
      ),
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
    description: bilingual(
      'Trang sức thủ công có chứng nhận; NFT là giấy chứng nhận quyền sở hữu.',
      'Certified hand-made jewellery; the NFT is the certificate of ownership.',
    ),
    items: items(14, (i) => ({
      name: `${GEMS[i % GEMS.length]} ${['Ring', 'Pendant', 'Bracelet', 'Earrings'][i % 4]} #${i + 1}`,
      description: bilingual(
        `${METALS_VI[i % METALS_VI.length]} gắn ${GEMS_VI[i % GEMS_VI.length]} ${(0.5 + (i % 5) * 0.25).toFixed(2).replace('.', ',')} ct.`,
        `${METALS[i % METALS.length]} with a ${GEMS[i % GEMS.length]!.toLowerCase()} of ${(0.5 + (i % 5) * 0.25).toFixed(2)} ct.`,
      ),
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
    description: bilingual(
      'Tranh trừu tượng tạo sinh, lấy cảm hứng từ đời sống miền Tây sông nước.',
      'Generative abstract paintings inspired by life on the Mekong delta.',
    ),
    items: items(16, (i) => ({
      name: `${MOODS[i % MOODS.length]} No. ${i + 1}`,
      description: bilingual(
        `Tranh tạo sinh, loạt ${1 + Math.floor(i / 8)}.`,
        `Generative painting, series ${1 + Math.floor(i / 8)}.`,
      ),
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
    description: bilingual(
      'Ấn bản âm nhạc giới hạn: người sở hữu nhận bản master và vé vào hậu trường.',
      'Limited music editions: owners get the master file and backstage access.',
    ),
    items: items(12, (i) => ({
      name: `${GENRES[i % GENRES.length]} Session ${i + 1}`,
      description: bilingual(
        `Ấn bản ${i + 1}/12, thu âm trực tiếp tại Hà Nội.`,
        `Edition ${i + 1} of 12, recorded live in Hanoi.`,
      ),
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
    description: bilingual(
      'Thẻ cầu thủ số của V-League, mỗi huyền thoại một thẻ.',
      'Digital player cards of the V-League, one per legend.',
    ),
    items: items(12, (i) => ({
      name: `Legend Card #${i + 1}`,
      description: bilingual(
        `${POSITIONS_VI[i % POSITIONS_VI.length]} của ${CLUBS[i % CLUBS.length]}.`,
        `${POSITIONS[i % POSITIONS.length]} of ${CLUBS[i % CLUBS.length]}.`,
      ),
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
    description: bilingual(
      'Xe cổ đã phục chế, kèm đăng ký và lịch sử đăng kiểm.',
      'Restored classic cars with their registration and inspection history.',
    ),
    items: items(12, (i) => ({
      name: `Classic ${CARS[i % CARS.length]} ${1960 + i * 2}`,
      description: bilingual(
        `Xe ${CARS[i % CARS.length]!.toLowerCase()} đời ${1960 + i * 2} đã phục chế, cất giữ tại Đà Nẵng.`,
        `A restored ${1960 + i * 2} ${CARS[i % CARS.length]!.toLowerCase()}, kept in Da Nang.`,
      ),
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
    description: bilingual(
      'Các mảnh đất chơi được trong một thế giới trò chơi pixel.',
      'Playable land plots of a pixel game world.',
    ),
    items: items(8, (i) => ({
      name: `${WORLDS[i % WORLDS.length]} Plot ${i + 1}`,
      description: bilingual(
        `Mảnh đất ${4 + (i % 3) * 2}x${4 + (i % 3) * 2} ở ${WORLDS[i % WORLDS.length]}.`,
        `A ${4 + (i % 3) * 2}x${4 + (i % 3) * 2} plot in ${WORLDS[i % WORLDS.length]}.`,
      ),
      attributes: [
        { trait_type: 'World', value: WORLDS[i % WORLDS.length]! },
        { trait_type: 'Size', value: `${4 + (i % 3) * 2}x${4 + (i % 3) * 2}` },
      ],
    })),
  },
];

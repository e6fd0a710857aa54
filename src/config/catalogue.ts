/**
 * Catalogue vocabulary of spec §2/§3 the screens share: the 17 categories (URL slugs; the label
 * shown comes from i18n `common:category.<slug>`) and the 5 list sorts.
 */
import { LIST_SORTS, type ListSort } from '#shared/enums.ts';

/** spec §2: the 17 categories, in the spec's order. */
export const CATEGORY_SLUGS = [
  'real-estate',
  'jewellery',
  'art',
  'music',
  'domain-names',
  'sports',
  'cards',
  'virtual-world',
  'collectibles',
  'utility',
  'tickets',
  'goods',
  'idols',
  'video',
  'works',
  'game',
  'car',
] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export function isCategorySlug(value: string | null | undefined): value is CategorySlug {
  return CATEGORY_SLUGS.includes(value as CategorySlug);
}

export function isListSort(value: string | null | undefined): value is ListSort {
  return LIST_SORTS.includes(value as ListSort);
}

/** spec §7: full list pages ask for 24 items. */
export const LIST_PAGE_SIZE = 24;

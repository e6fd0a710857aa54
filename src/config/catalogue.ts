/**
 * Catalogue vocabulary the screens share: the 17 categories (URL slugs; the label shown comes
 * from i18n `common:category.<slug>`) and the list sorts.
 */
import { LIST_SORTS, type ListSort } from '#shared/enums.ts';
import { MAX_PAGE_SIZE } from '#shared/rules.ts';

/** The 17 categories, in the product's order. */
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

/** Full list pages ask for the largest page the server serves. */
export const LIST_PAGE_SIZE = MAX_PAGE_SIZE;

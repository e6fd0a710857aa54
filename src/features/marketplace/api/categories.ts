import type { CategorySlug } from '#web/config/catalogue.ts';
import type { Category } from './lists.ts';

/** Server category keys ('real_estate' or 'real-estate') → our URL slugs. */
export function slugOfKey(key: string): string {
  return key
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, '-');
}

/** labelId of a category slug, or undefined when the server has no such category. */
export function labelIdFor(slug: CategorySlug | undefined, categories: readonly Category[]) {
  if (!slug) return undefined;
  return categories.find((c) => slugOfKey(c.key) === slug)?.id;
}

/** The server's categories, and the URL slug ↔ labelId mapping the list filter uses. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesQueryKey } from '#shared/query-keys.ts';
import type { Category } from '#shared/schemas/entities.ts';
import type { CategorySlug } from '#web/config/catalogue.ts';
import { api, type DataBody } from '#web/lib/api-client.ts';

const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey(),
    queryFn: ({ signal }) =>
      api.get<DataBody<Category[]>>('/api/v1/nft/categories/', { signal }).then((b) => b.data),
    staleTime: 60 * 60 * 1000,
  });
export const useCategories = () => useQuery(categoriesQueryOptions());

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

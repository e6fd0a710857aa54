import { FractionalList } from '#web/features/fractional/components/fractional-list.tsx';
import { labelIdFor, useCategories } from '#web/features/marketplace/api/categories.ts';
import { NetworkFilter } from '#web/features/marketplace/components/network-filter.tsx';

/**
 * /fractional: the fractional items (the header's Fractional tab), filtered by category and
 * network as the other lists (their category list and network filter).
 */
export function Component() {
  const categories = useCategories();
  return (
    <FractionalList
      labelIdOf={(slug) => {
        if (!slug) return undefined;
        if (!categories.isSuccess) return null;
        return labelIdFor(slug, categories.data) ?? -1;
      }}
      networkFilter={(value, onChange) => <NetworkFilter value={value} onChange={onChange} />}
    />
  );
}

import { FractionalList } from '#web/features/fractional/components/fractional-list.tsx';
import { NetworkFilter } from '#web/features/marketplace/components/network-filter.tsx';

/** /fractional: the fractional items (the header's Fractional tab), by network as other lists. */
export function Component() {
  return (
    <FractionalList
      networkFilter={(value, onChange) => <NetworkFilter value={value} onChange={onChange} />}
    />
  );
}

import { CollectionDetailScreen } from '#web/features/collection/components/collection-detail-screen.tsx';
import { WithParams } from '../route-params.tsx';

export function Component() {
  return (
    <WithParams route="collectionDetail">
      {({ id }) => <CollectionDetailScreen id={id} />}
    </WithParams>
  );
}

import { ListScreen } from '#web/features/marketplace/components/list-screen.tsx';
import { WithParams } from '../route-params.tsx';

export function Component() {
  return (
    <WithParams route="nfts">{({ page }) => <ListScreen kind="nfts" page={page} />}</WithParams>
  );
}

import { ListScreen } from '#web/features/marketplace/components/list-screen.tsx';
import { WithParams } from '../route-params.tsx';

export function Component() {
  return (
    <WithParams route="sets">{({ page }) => <ListScreen kind="sets" page={page} />}</WithParams>
  );
}

import { SetDetailScreen } from '#web/features/set/components/set-detail-screen.tsx';
import { WithParams } from '../route-params.tsx';

export function Component() {
  return (
    <WithParams route="setDetail">{(p) => <SetDetailScreen id={p.id} mode={p.mode} />}</WithParams>
  );
}

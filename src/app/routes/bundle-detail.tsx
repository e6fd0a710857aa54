import { BundleDetailScreen } from '#web/features/bundle/components/bundle-detail-screen.tsx';
import { WithParams } from '../route-params.tsx';

export function Component() {
  return <WithParams route="bundleDetail">{({ id }) => <BundleDetailScreen id={id} />}</WithParams>;
}

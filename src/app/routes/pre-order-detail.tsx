import { DropListScreen } from '#web/features/drops/components/drop-list-screen.tsx';

/** /pre-order/detail: the drops (pre-orders, limited editions, magic bags, event tickets). */
export function Component() {
  return <DropListScreen />;
}

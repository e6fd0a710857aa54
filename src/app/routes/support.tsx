import { SupportScreen } from '#web/features/support/components/support-screen.tsx';

export function Component() {
  return <SupportScreen />;
}

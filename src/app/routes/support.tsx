import { SupportScreen } from '../../features/support/components/support-screen.tsx';

export function Component() {
  return <SupportScreen />;
}

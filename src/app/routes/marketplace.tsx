import { HomeScreen } from '../../features/marketplace/components/home-screen.tsx';

export function Component() {
  return <HomeScreen />;
}

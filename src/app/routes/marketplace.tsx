import { RecentlyViewed } from '../../features/history/components/recently-viewed.tsx';
import { HomeScreen } from '../../features/marketplace/components/home-screen.tsx';

export function Component() {
  return (
    <>
      <HomeScreen />
      <RecentlyViewed />
    </>
  );
}

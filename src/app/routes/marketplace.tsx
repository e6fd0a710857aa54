import { RecentlyViewed } from '#web/features/history/components/recently-viewed.tsx';
import { HomeScreen } from '#web/features/marketplace/components/home-screen.tsx';

export function Component() {
  return (
    <>
      <HomeScreen />
      <RecentlyViewed />
    </>
  );
}

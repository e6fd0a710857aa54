import { SearchScreen } from '#web/features/search/components/search-screen.tsx';

export function Component() {
  return <SearchScreen />;
}

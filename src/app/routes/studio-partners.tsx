import { PartnersScreen } from '#web/features/studio/components/partners-screen.tsx';

/** The marketplace owner's admin view: grant or take back the partner role. */
export function Component() {
  return <PartnersScreen />;
}

import { StudioScreen } from '#web/features/studio/components/studio-screen.tsx';

/** The partner studio: create collections and mint (partners only; the chain checks the role). */
export function Component() {
  return <StudioScreen />;
}

import { SignInScreen } from '#web/features/account/components/sign-in-screen.tsx';

export function Component() {
  return <SignInScreen />;
}

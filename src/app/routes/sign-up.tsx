import { SignUpScreen } from '#web/features/account/components/sign-up-screen.tsx';

export function Component() {
  return <SignUpScreen />;
}

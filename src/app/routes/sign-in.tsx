import { SignInScreen } from '../../features/account/components/sign-in-screen.tsx';

export function Component() {
  return <SignInScreen />;
}

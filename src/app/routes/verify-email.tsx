import { VerifyEmailScreen } from '#web/features/account/components/verify-email-screen.tsx';
import { WithParams } from '../route-params.tsx';

export function Component() {
  return (
    <WithParams route="verifyEmail">
      {({ userId, tokenHash }) => <VerifyEmailScreen userId={userId} tokenHash={tokenHash} />}
    </WithParams>
  );
}

import { useSnapshot } from 'valtio';
import { session } from './session.ts';

/**
 * The address likes are made with and `isLiked` is asked for: the connected wallet's, else the
 * first chain address of the signed-in account; none → 'Please use Wallet account'.
 */
export function useLikeAddress(): string | undefined {
  const snap = useSnapshot(session);
  if (snap.chainAddress) return snap.chainAddress;
  if (!snap.account.isSignedIn) return undefined;
  return snap.profile?.bc_address_mints[0] ?? undefined;
}

import { Interface } from 'ethers';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  COLLECTION_FACTORY_ABI,
  EXCHANGE_ABI,
  GIFTS_ABI,
  MARKETPLACE_COLLECTION_ABI,
  WVBC_ABI,
} from '#contracts/abi/index.ts';
import { Amount } from '#web/components/ui/amount.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';
import { answerApproval, walletUi } from '#web/wallet/connection.ts';
import type { SignRequest } from '#web/wallet/connectors/platform.ts';
import type { TxRequest } from '#web/wallet/connectors/types.ts';
import { GasRow, SubjectRow } from './tx-subject.tsx';
import { isMarketplaceMessage, MarketplaceMessageRows } from './typed-data-rows.tsx';

const wvbc = new Interface(WVBC_ABI);
const exchange = new Interface(EXCHANGE_ABI);
const collection = new Interface(MARKETPLACE_COLLECTION_ABI);
const factory = new Interface(COLLECTION_FACTORY_ABI);
const gifts = new Interface(GIFTS_ABI);

/** The calls of the marketplace's contracts the approval view names. */
const KNOWN_CALLS = [
  'deposit',
  'withdraw',
  'approve',
  'buy',
  'claim',
  'cancel',
  'recordBid',
  'withdrawRecordedBid',
  'incrementCounter',
  'setApprovalForAll',
  'createCollection',
  'mint',
  'mintBatch',
  'grantRole',
  'revokeRole',
  'safeTransferFrom',
  'takeBack',
] as const;
export type CallName = (typeof KNOWN_CALLS)[number] | 'unknown';

function parsedName(iface: Interface, data: string): string | undefined {
  try {
    return iface.parseTransaction({ data })?.name;
  } catch {
    return undefined;
  }
}

/**
 * The call a transaction makes, by name (WVBC, exchange, collection, factory or gifts), for the
 * approval view. The only safe transfer the app sends is a gift (features/gifts/chain.ts).
 */
export function callName(data: string): CallName {
  for (const iface of [wvbc, exchange, collection, factory, gifts]) {
    const name = parsedName(iface, data);
    if (name && (KNOWN_CALLS as readonly string[]).includes(name)) return name as CallName;
  }
  return 'unknown';
}

/** The domain line of an EIP-4361 message ("<domain> wants you to sign in ..."). */
export function siweDomain(message: string): string | null {
  const match = /^(\S+) wants you to sign in with your Ethereum account:/.exec(message);
  return match ? match[1]! : null;
}

/** What is about to be signed: a message (its purpose), typed data or a transaction. */
export function ApprovalRows({ request }: { request: SignRequest }) {
  const { t } = useTranslation('wallet');
  const { account } = useSnapshot(session);
  if (request.kind === 'message') {
    const domain = siweDomain(request.message);
    // Already signed in, the same EIP-4361 message proves the wallet for linking it
    // (src/wallet/sign-in.ts linkAddress), e.g. right after creating a platform wallet.
    const purpose = account.isSignedIn ? 'approve.link' : 'approve.signIn';
    return <p>{domain ? t(purpose, { domain }) : t('approve.message')}</p>;
  }
  if (request.kind === 'typedData') {
    const { primaryType, message, domain } = request.typedData;
    return (
      <>
        <p>{t('approve.typedData', { type: primaryType })}</p>
        {isMarketplaceMessage(primaryType, message) ? (
          <MarketplaceMessageRows
            primaryType={primaryType}
            message={message}
            chainId={Number(domain.chainId ?? 0)}
          />
        ) : (
          <MessageRows message={message} />
        )}
      </>
    );
  }
  return <TransactionRows tx={request.tx} />;
}

/** A typed message's fields; a nested struct (a Bid's order) as its own rows, lists joined. */
function MessageRows({ message }: { message: Record<string, unknown> }) {
  return (
    <dl className="approval__rows">
      {Object.entries(message).map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>
            {v !== null && typeof v === 'object' && !Array.isArray(v) ? (
              <MessageRows message={v as Record<string, unknown>} />
            ) : Array.isArray(v) ? (
              v.map(String).join(', ')
            ) : (
              String(v)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function TransactionRows({ tx }: { tx: TxRequest }) {
  const { t } = useTranslation('wallet');
  const symbols = useNetworkSymbols(tx.chainId);
  const call = callName(tx.data);
  const withdrawn =
    call === 'withdraw' ? (wvbc.decodeFunctionData('withdraw', tx.data)[0] as bigint) : null;
  return (
    <dl className="approval__rows">
      <div>
        <dt>{t('approve.call')}</dt>
        <dd>{t(`approve.calls.${call}`)}</dd>
      </div>
      <SubjectRow exchange={exchange} tx={tx} />
      <div>
        <dt>{t('approve.to')}</dt>
        <dd className="approval__address">{tx.to}</dd>
      </div>
      <div>
        <dt>{t('approve.value')}</dt>
        <dd>
          {withdrawn !== null ? (
            <Amount wei={withdrawn} symbol={symbols.wrapped} />
          ) : (
            <Amount wei={tx.value} symbol={symbols.native} />
          )}
        </dd>
      </div>
      <GasRow tx={tx} symbol={symbols.native} />
    </dl>
  );
}

/** The platform wallet's approval step: what will be signed, in the user's language. */
export function ApprovalDialog() {
  const { t } = useTranslation('wallet');
  const { approval } = useSnapshot(walletUi);
  return (
    <Dialog
      open={approval !== null}
      onClose={() => answerApproval(false)}
      title={t('approve.title')}
    >
      {approval ? (
        <div className="approval">
          <ApprovalRows request={approval as SignRequest} />
          <div className="approval__actions">
            <Button variant="secondary" onClick={() => answerApproval(false)}>
              {t('approve.reject')}
            </Button>
            <Button onClick={() => answerApproval(true)}>{t('approve.sign')}</Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

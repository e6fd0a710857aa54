import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Network } from '#shared/schemas/entities.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormError, TextField } from '#web/components/ui/field.tsx';
import type { ErrorKey } from '#web/lib/errors.ts';
import { RequiresNetwork } from '#web/pwa/requires-network.tsx';
import { session } from '#web/stores/session.ts';
import {
  type AmountCheck,
  amountText,
  checkUnwrap,
  checkWrap,
  unwrapAvailable,
  wrapMax,
} from '#web/wallet/amounts.ts';
import { type Balances, walletQueryRoot } from '#web/wallet/balances.ts';
import { chainTarget } from '#web/wallet/chains.ts';
import { activeConnector } from '#web/wallet/connection.ts';
import { runWrite, type WriteStage } from '#web/wallet/pipeline.ts';
import { wrapperRequest } from '#web/wallet/wrapper.ts';

export type AmountMode = 'wrap' | 'unwrap';

function check(mode: AmountMode, text: string, b: Balances): AmountCheck {
  return mode === 'wrap' ? checkWrap(text, b.account) : checkUnwrap(text, b.wrapper, b.lockedBids);
}

function maxText(mode: AmountMode, b: Balances): string {
  return mode === 'wrap'
    ? wrapMax(b.account)
    : amountText(unwrapAvailable(b.wrapper, b.lockedBids));
}

type Outcome = {
  stage: WriteStage | 'success' | 'failed' | 'replaced' | null;
  error: ErrorKey | null;
};

/** Sends a wrap or unwrap of `value` through the write pipeline. */
async function send(
  mode: AmountMode,
  value: bigint,
  network: Network,
  onStage: (s: WriteStage) => void,
) {
  const connector = activeConnector();
  const address = session.chainAddress;
  if (!connector || !address)
    return { status: 'refused', error: 'walletNotConnected' as ErrorKey } as const;
  return runWrite({
    connector,
    chain: chainTarget(network),
    kind: mode,
    onStage,
    prepare: () => wrapperRequest(mode, { network, value, address, connector }),
  });
}

/**
 * The wrap / unwrap dialog body: the rules of src/wallet/amounts.ts, Max, then the write
 * pipeline; the balances refresh after the transaction. A refusal shows its hint; offline, the
 * action says it needs a connection.
 */
export function AmountForm({
  mode,
  balances,
  network,
  symbol,
  fillMax = false,
}: {
  mode: AmountMode;
  balances: Balances;
  network: Network;
  symbol: string;
  /** Withdraw: the unwrap of everything available, prefilled. */
  fillMax?: boolean;
}) {
  const { t } = useTranslation(['wallet', 'errors']);
  const client = useQueryClient();
  const [text, setText] = useState(() => (fillMax ? maxText(mode, balances) : ''));
  const [fieldError, setFieldError] = useState<ErrorKey | undefined>();
  const [outcome, setOutcome] = useState<Outcome>({ stage: null, error: null });
  const refusal = check(mode, '1', balances);
  if (
    !refusal.ok &&
    (refusal.error === 'notEnoughAccount' || refusal.error === 'notEnoughWrapper')
  ) {
    return (
      <div role="alert" className="wallet__refusal">
        <p>{t(`errors:${refusal.error}`)}</p>
        {refusal.hint ? <p>{t(`errors:${refusal.hint}`)}</p> : null}
      </div>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = check(mode, text, balances);
    if (!result.ok) {
      setFieldError(result.error);
      return;
    }
    setFieldError(undefined);
    setOutcome({ stage: 'preparing', error: null });
    const written = await send(mode, result.value, network, (stage) =>
      setOutcome({ stage, error: null }),
    );
    await client.invalidateQueries({ queryKey: walletQueryRoot });
    if (written.status === 'refused') setOutcome({ stage: null, error: written.error });
    else setOutcome({ stage: written.status, error: written.error });
    if (written.status === 'success') setText('');
  };
  const busy =
    outcome.stage === 'preparing' ||
    outcome.stage === 'signing' ||
    outcome.stage === 'pending' ||
    outcome.stage === 'indexing';
  return (
    <form onSubmit={submit} noValidate className="wallet__amount">
      <p>{t('amount.available', { amount: maxText(mode, balances), symbol })}</p>
      <TextField
        label={t('amount.label', { symbol })}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={fieldError}
        required
      />
      <Button variant="ghost" onClick={() => setText(maxText(mode, balances))}>
        {t('amount.max')}
      </Button>
      <RequiresNetwork>
        {(offline) => (
          <Button type="submit" busy={busy} disabled={offline}>
            {mode === 'wrap' ? t('connected.wrap') : t('connected.unwrap')}
          </Button>
        )}
      </RequiresNetwork>
      {outcome.stage ? <p role="status">{t(`tx.${outcome.stage}`)}</p> : null}
      <FormError error={outcome.error} />
    </form>
  );
}

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Network } from '#shared/schemas/entities.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import type { ErrorKey } from '#web/lib/errors.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
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
import type { Balances } from '#web/wallet/balances.ts';
import { activeConnector } from '#web/wallet/connection.ts';
import { sendTx, type WriteStage } from '#web/wallet/pipeline.ts';
import { wrapperRequest } from '#web/wallet/wrapper.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';

export type AmountMode = 'wrap' | 'unwrap';

function check(mode: AmountMode, text: string, b: Balances): AmountCheck {
  return mode === 'wrap' ? checkWrap(text, b.account) : checkUnwrap(text, b.wrapper, b.lockedBids);
}

function maxText(mode: AmountMode, b: Balances): string {
  return mode === 'wrap'
    ? wrapMax(b.account)
    : amountText(unwrapAvailable(b.wrapper, b.lockedBids));
}

/** Sends a wrap or unwrap of `value` through the write pipeline. */
function send(mode: AmountMode, value: bigint, network: Network, onStage: (s: WriteStage) => void) {
  const connector = activeConnector();
  const address = session.chainAddress;
  if (!connector || !address) return Promise.resolve(NOT_CONNECTED);
  const prepare = () => wrapperRequest(mode, { network, value, address, connector });
  return sendTx({ network, connector }, prepare, onStage, undefined, mode);
}

const NOT_CONNECTED = { ok: false, error: 'walletNotConnected' } as const;

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
  const [text, setText] = useState(() => (fillMax ? maxText(mode, balances) : ''));
  const [fieldError, setFieldError] = useState<ErrorKey | undefined>();
  const runner = useWrite(CHANGES.balances);
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
    const written = await runner.run((onStage) => send(mode, result.value, network, onStage));
    if (written.ok) setText('');
  };
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
          <Button type="submit" busy={runner.busy} disabled={offline}>
            {mode === 'wrap' ? t('connected.wrap') : t('connected.unwrap')}
          </Button>
        )}
      </RequiresNetwork>
      <WriteStatus state={runner.state} done={t('tx.success')} />
    </form>
  );
}

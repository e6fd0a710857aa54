import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPY_CONFIRMATION_MS } from '#web/config/ui.ts';
import { shortenAddress } from '#web/lib/format.ts';

/** Shortened address with a copy action; 'Copied' for 2 seconds. */
export function Address({ address, copy = true }: { address: string; copy?: boolean }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const short = shortenAddress(address);
  return (
    <span className="address">
      <span className="address__text" title={address}>
        {short}
      </span>
      {copy ? (
        <button
          type="button"
          className="address__copy"
          aria-label={t('action.copyAddress', { address })}
          onClick={() => {
            void navigator.clipboard?.writeText(address).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? t('action.copied') : t('action.copy')}
        </button>
      ) : null}
      <span role="status" className="visually-hidden">
        {copied ? t('action.copied') : ''}
      </span>
    </span>
  );
}

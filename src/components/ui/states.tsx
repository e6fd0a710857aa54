import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_VALUES, type ErrorKey, errorKeyOf } from '#web/lib/errors.ts';
import { Button } from './button.tsx';

/** 'No data found' (a section) or 'Sorry, no items found' (a list). */
export function EmptyState({
  kind = 'noItemsFound',
  children,
}: {
  kind?: 'noDataFound' | 'noItemsFound' | 'comingSoon' | 'improvingFeature';
  children?: ReactNode;
}) {
  const { t } = useTranslation('errors');
  return (
    <div className="state state--empty">
      <p>{t(kind)}</p>
      {children}
    </div>
  );
}

export function FailureState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  const key: ErrorKey = errorKeyOf(error);
  return (
    <div className="state state--failure" role="alert">
      <p>{t('state.failed')}</p>
      <p className="state__detail">{t(`errors:${key}`, ERROR_VALUES)}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('state.retry')}
        </Button>
      ) : null}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { ERROR_VALUES } from '#web/lib/errors.ts';
import type { RunState } from './use-studio.ts';

/** An action's stage (polite status), its refusal (alert), or what it achieved. */
export function RunStatus({ state, done }: { state: RunState; done?: string | undefined }) {
  const { t } = useTranslation(['studio', 'errors']);
  const { refusal } = state;
  return (
    <>
      <p role="status" className="studio__status">
        {state.stage ? t(`studio:stage.${state.stage}`) : (done ?? '')}
      </p>
      {refusal ? (
        <p role="alert" className="studio__error">
          {refusal.ns === 'studio'
            ? t('studio:refused.notPartner')
            : t(`errors:${refusal.key}`, ERROR_VALUES)}
        </p>
      ) : null}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { ERROR_VALUES } from '#web/lib/errors.ts';
import type { RunState } from './use-gifts.ts';

/** An action's stage (polite status), its refusal (alert), or what it achieved. */
export function RunStatus({ state, done }: { state: RunState; done?: string | undefined }) {
  const { t } = useTranslation(['gifts', 'errors']);
  return (
    <>
      <p role="status" className="gift__status">
        {state.stage ? t(`gifts:stage.${state.stage}`) : (done ?? '')}
      </p>
      {state.error ? (
        <p role="alert" className="gift__error">
          {t(`errors:${state.error}`, ERROR_VALUES)}
        </p>
      ) : null}
    </>
  );
}

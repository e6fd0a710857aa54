import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { OutboxScreen } from '#web/features/outbox/components/outbox-screen.tsx';

/** /outbox: actions made on a poor connection and what became of them (src/pwa/outbox). */
export function Component() {
  const { t } = useTranslation('outbox');
  usePageTitle(t('title'));
  return <OutboxScreen />;
}

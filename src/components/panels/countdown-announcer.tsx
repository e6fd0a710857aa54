import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Seconds left at which a screen reader hears the countdown: a day, an hour, 15, 5, 1 minute. */
export const ANNOUNCE_AT = [86_400, 3_600, 900, 300, 60] as const;

/** The smallest threshold not yet passed (`seconds` ≤ it), or null above a day. */
export function thresholdOf(seconds: number): number | null {
  let found: number | null = null;
  for (const at of ANNOUNCE_AT) if (seconds <= at) found = at;
  return found;
}

/**
 * The auction countdown for screen readers: a polite live region that speaks only when a
 * threshold is crossed while the page is open (the visible countdown, updated every second, is
 * not a live region: it would talk without pause). Opening the page says nothing: the text is
 * there to read.
 */
export function CountdownAnnouncer({ seconds }: { seconds: number }) {
  const { t } = useTranslation('trade');
  const threshold = thresholdOf(seconds);
  const previous = useRef<number | null | undefined>(undefined);
  const [said, setSaid] = useState('');
  useEffect(() => {
    const before = previous.current;
    previous.current = threshold;
    if (before === undefined || threshold === null || threshold === before) return;
    setSaid(
      threshold === 86_400
        ? t('bid.left.day')
        : threshold === 3_600
          ? t('bid.left.hour')
          : t('bid.left.minutes', { count: threshold / 60 }),
    );
  }, [threshold, t]);
  return (
    <p
      className="visually-hidden"
      role="status"
      aria-live="polite"
      data-testid="countdown-announcer"
    >
      {said}
    </p>
  );
}

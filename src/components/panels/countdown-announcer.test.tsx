import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { CountdownAnnouncer, thresholdOf } from './countdown-announcer.tsx';

describe('auction countdown for screen readers', () => {
  it('maps the time left to the threshold it is under', () => {
    expect([90_000, 86_400, 7_200, 3_599, 901, 900, 299, 61, 59, 0].map(thresholdOf)).toEqual([
      null,
      86_400,
      86_400,
      3_600,
      3_600,
      900,
      300,
      300,
      60,
      60,
    ]);
  });

  it('speaks when a threshold is crossed, not every second and not on opening', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const host = document.createElement('div');
    const root = createRoot(host);
    const said: string[] = [];
    for (const seconds of [3_700, 3_650, 3_600, 3_599, 3_000, 901, 900, 899]) {
      await act(async () => root.render(<CountdownAnnouncer seconds={seconds} />));
      said.push(host.textContent ?? '');
    }
    const region = host.querySelector('[role="status"]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    // keys shown as-is without loaded resources: one change at 1 h, one at 15 min
    expect([...new Set(said)]).toEqual(['', 'bid.left.hour', 'bid.left.minutes']);
    act(() => root.unmount());
  });
});

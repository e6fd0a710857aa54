import { useEffect, useState } from 'react';
import { HEADER_BORDER_HIDE_MAX_SCROLL, HEADER_FADE_MIN_SCROLL } from '#web/config/ui.ts';

/** The header's border hides at scroll ≤ 70 px; its fade turns on past 30 px. */
export function headerScrollState(scrollY: number): { bordered: boolean; faded: boolean } {
  return {
    bordered: scrollY > HEADER_BORDER_HIDE_MAX_SCROLL,
    faded: scrollY > HEADER_FADE_MIN_SCROLL,
  };
}

export function useHeaderScrollState() {
  const [state, setState] = useState(() => headerScrollState(0));
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = headerScrollState(window.scrollY);
      setState((prev) =>
        prev.bordered === next.bordered && prev.faded === next.faded ? prev : next,
      );
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return state;
}

import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithApp } from '#web/test/render.tsx';
import { WhenNear } from './home-section.tsx';

beforeAll(async () => {
  await initTestI18n('en');
});

/** An IntersectionObserver the test drives: `enter()` brings every observed element near. */
function fakeObserver() {
  const callbacks: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
  class Observer {
    constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  const enter = () => {
    for (const callback of callbacks) callback([{ isIntersecting: true }]);
  };
  return { enter: () => act(enter) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WhenNear', () => {
  it('is neither busy nor "Loading…" before it comes near, then mounts its content', () => {
    const observer = fakeObserver();
    const { container } = renderWithApp(
      <WhenNear title="Hot bids">
        <p>cards</p>
      </WhenNear>,
    );
    expect(screen.getByRole('heading', { name: 'Hot bids' })).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText('cards')).toBeNull();
    observer.enter();
    expect(screen.getByText('cards')).toBeTruthy();
  });
});

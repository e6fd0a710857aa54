import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { earlyAction } from '#web/lib/early-taps.ts';
import { initialSession, session } from '#web/stores/session.ts';
import { initTestI18n, renderWithApp } from '#web/test/render.tsx';
import { FollowButton } from './follow-button.tsx';

type EarlyWindow = Window & { __vbcTaps?: string[] };

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => {
  cleanup();
  Object.assign(session, initialSession());
  (window as EarlyWindow).__vbcTaps = [];
});

describe('FollowButton', () => {
  it('acts on a tap made on the server-rendered button before the app ran, once', async () => {
    (window as EarlyWindow).__vbcTaps = [earlyAction('follow', 5, true), 'menu'];
    renderWithApp(<FollowButton user={{ id: 5, followersCount: 2 }} />);
    // signed out, the kept tap is answered as a tap on the live button is
    expect((await screen.findByRole('alert')).textContent).toContain('Please sign in first');
    // taken once; the header's panel tap is not this button's to take
    expect((window as EarlyWindow).__vbcTaps).toEqual(['menu']);
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
  });

  it("leaves another user's kept tap alone", () => {
    (window as EarlyWindow).__vbcTaps = [earlyAction('follow', 6, true)];
    renderWithApp(<FollowButton user={{ id: 5, followersCount: 2 }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((window as EarlyWindow).__vbcTaps).toEqual(['follow:6:on']);
  });
});

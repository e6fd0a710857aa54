import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { earlyAction } from '#web/lib/early-taps.ts';
import { initialSession, session, sessionActions } from '#web/stores/session.ts';
import { initTestI18n, renderWithApp } from '#web/test/render.tsx';
import { FollowButton } from './follow-button.tsx';

type EarlyWindow = Window & { __vbcTaps?: string[] };

// The outbox's IndexedDB is not in jsdom: what the follow queues offline is recorded here.
const queued = vi.hoisted(() => [] as unknown[]);
vi.mock('#web/pwa/outbox/state.ts', async (original) => ({
  ...(await original<typeof import('#web/pwa/outbox/state.ts')>()),
  loadOutbox: async () => ({
    queueAction: async (action: { body: unknown }) => {
      queued.push(action.body);
    },
    outboxNotice: () => undefined,
  }),
}));

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => {
  cleanup();
  Object.assign(session, initialSession());
  (window as EarlyWindow).__vbcTaps = [];
  vi.unstubAllGlobals();
});

/**
 * Signed in as user 1, with the server's answers stubbed: the following list (held until
 * `answer` is called, with `followed` in it or not) and the follow itself. Answers the follow
 * requests' bodies.
 */
function signedInFollowing(followed: boolean) {
  sessionActions.SAVE_INFO('tok', { id: '1', username: 'me', bc_address_mints: [] });
  let answer: () => void = () => {};
  const list = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const follows: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (url.includes('/api/v2/user/following')) {
        await list;
        return json({ data: followed ? [{ id: 5 }] : [], total: followed ? 1 : 0 });
      }
      follows.push(JSON.parse(String(init?.body)));
      return json({ data: { following: true, followersCount: 3 } });
    }),
  );
  return { answer, follows };
}

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

  it.each([
    [true, 'already follows: nothing is sent', []],
    [false, 'does not follow yet: the follow is sent', [{ userId: 5, follow: true }]],
  ])(
    'a tap before the following state came is kept (the user %s, %s)',
    async (followed, _what, sent) => {
      const { answer, follows } = signedInFollowing(followed);
      renderWithApp(<FollowButton user={{ id: 5, followersCount: 2 }} />);
      const button = screen.getByRole('button', { name: 'Follow' });
      expect(button.getAttribute('aria-busy')).toBe('true');
      await act(async () => {
        fireEvent.click(button);
      });
      expect(follows).toEqual([]);
      await act(async () => answer());
      // the user asked to follow: they do, whatever the answer showed first
      expect(
        (await screen.findByRole('button', { name: 'Unfollow' })).getAttribute('aria-busy'),
      ).toBe('false');
      expect(follows).toEqual(sent);
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('offline, with the following state not known, a tap still goes (to the outbox)', async () => {
    const { follows } = signedInFollowing(false);
    onlineManager.setOnline(false);
    try {
      renderWithApp(<FollowButton user={{ id: 5, followersCount: 2 }} />);
      const button = screen.getByRole('button', { name: 'Follow' });
      expect(button.getAttribute('aria-busy')).toBe('false');
      await act(async () => {
        fireEvent.click(button);
      });
      expect((await screen.findByRole('alert')).textContent).toContain(
        'your follow will be sent when you are back online',
      );
      expect(screen.getByRole('button', { name: 'Unfollow' })).toBeTruthy();
      expect(queued).toEqual([{ userId: 5, follow: true }]);
      expect(follows).toEqual([]);
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

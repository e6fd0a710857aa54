/**
 * The document title: the root layout's default ('<app name>') on each navigation, and a screen's
 * precise title ('<title> · <app name>') over it, also when the screen knows its title on its
 * first render (its data already cached): the outbox names an action made offline by it.
 */
import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { initTestI18n } from '#web/test/render.tsx';
import { RootLayout } from './root-layout.tsx';

beforeAll(async () => {
  await initTestI18n('en');
});

function Item() {
  usePageTitle('Legend Card #4');
  return <p>item</p>;
}

function Later() {
  const [title, setTitle] = useState<string | undefined>(undefined);
  usePageTitle(title);
  return (
    <button type="button" onClick={() => setTitle('Loaded later')}>
      load
    </button>
  );
}

const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <p>home</p> },
      { path: '/item', element: <Item /> },
      { path: '/later', element: <Later /> },
    ],
  },
];

describe('document title', () => {
  it("a screen's title known at its first render wins over the default, on load and on navigation", async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/item'] });
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Legend Card #4 · VBChain NFT Marketplace');
    await act(() => router.navigate('/'));
    expect(document.title).toBe('VBChain NFT Marketplace');
    await act(() => router.navigate('/item'));
    expect(document.title).toBe('Legend Card #4 · VBChain NFT Marketplace');
  });

  it('a title known later replaces the default', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/later'] });
    const view = render(<RouterProvider router={router} />);
    expect(document.title).toBe('VBChain NFT Marketplace');
    await act(async () => view.getByRole('button').click());
    expect(document.title).toBe('Loaded later · VBChain NFT Marketplace');
  });
});

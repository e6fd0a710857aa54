import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { initTestI18n, renderWithApp } from '#web/test/render.tsx';
import { pageSubject, setPageSubject } from './page-title.ts';

afterEach(() => {
  cleanup();
  setPageSubject('');
});
beforeAll(async () => {
  await initTestI18n('vi');
});

function Screen({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

describe('pageSubject: what an outbox item is named after', () => {
  it("is the screen's title, without the app name of the tab title", () => {
    renderWithApp(<Screen title="Legend Card #4" />);
    expect(document.title).toBe('Legend Card #4 · Chợ NFT VBChain');
    expect(pageSubject()).toBe('Legend Card #4');
  });

  it("falls back to the tab's title on a screen without its own", () => {
    document.title = 'Chợ NFT VBChain';
    expect(pageSubject()).toBe('Chợ NFT VBChain');
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * registerServiceWorker alone, with workbox-window and the browser's service worker container
 * stubbed: a worker whose install the network cut is registered again once back online.
 */
const register = vi.fn<() => Promise<ServiceWorkerRegistration>>();
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener() {}
    messageSkipWaiting() {}
    register = register;
  },
}));

let online = true;
let current: ServiceWorkerRegistration | undefined;

/** A registration whose worker is installing; `fail()` makes the install fail. */
function installing() {
  const worker = Object.assign(new EventTarget(), { state: 'installing' as ServiceWorkerState });
  const registration = Object.assign(new EventTarget(), {
    installing: worker as unknown as ServiceWorker | null,
    waiting: null,
    active: null,
    update: () => Promise.resolve(),
  }) as unknown as ServiceWorkerRegistration;
  const fail = () => {
    worker.state = 'redundant';
    (registration as { installing: ServiceWorker | null }).installing = null;
    current = undefined; // the browser drops a registration whose first install failed
    worker.dispatchEvent(new Event('statechange'));
  };
  return { registration, fail };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.resetModules();
  vi.stubEnv('PROD', true);
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(current) },
  });
});

afterEach(() => {
  vi.unstubAllEnvs();
  register.mockReset();
});

describe('service worker registration', () => {
  it('registers again once online when the network cut the install', async () => {
    const first = installing();
    register.mockImplementation(async () => {
      current = first.registration;
      return first.registration;
    });
    const { registerServiceWorker } = await import('./register.ts');
    await registerServiceWorker();
    expect(register).toHaveBeenCalledTimes(1);

    online = false;
    first.fail(); // offline: nothing to do yet
    await flush();
    expect(register).toHaveBeenCalledTimes(1);

    const second = installing();
    register.mockImplementation(async () => {
      current = second.registration;
      return second.registration;
    });
    online = true;
    window.dispatchEvent(new Event('online'));
    await flush();
    await flush();
    expect(register).toHaveBeenCalledTimes(2);

    window.dispatchEvent(new Event('online')); // installing again: left alone
    await flush();
    expect(register).toHaveBeenCalledTimes(2);
  });

  it('registers again at once when an install fails while online, a few times at most', async () => {
    register.mockImplementation(async () => {
      const attempt = installing();
      current = attempt.registration;
      setTimeout(attempt.fail, 0);
      return attempt.registration;
    });
    const { registerServiceWorker } = await import('./register.ts');
    await registerServiceWorker();
    for (let i = 0; i < 20; i++) await flush();
    expect(register).toHaveBeenCalledTimes(4); // the first and three more
  });
});

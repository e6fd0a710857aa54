// The outbox sender: actions made on a poor connection (src/pwa/outbox/) wait in IndexedDB and
// are sent from here, in order, one at a time. Loaded by the generated service worker
// (importScripts, scripts/vite/pwa.ts), where Background Sync ('sync', tag vbc-outbox) sends them
// even with no tab open and a page's message ('vbc-outbox-flush') sends them at once; a page with
// no service worker (development) imports this file and calls self.vbcOutbox.flush itself.
// Each item ends accepted (2xx) or refused (4xx, the server's catalogue code; EXPIRED when its
// auction or listing was over before it could go). A network failure or a 5xx keeps it waiting.
// The server answers a resend of the same signed message with the stored result (one bid).
self.vbcOutbox = (() => {
  const DB_NAME = 'vbc-marketplace';
  const STORE = 'outbox';
  const TAG = 'vbc-outbox';
  const REQUEST_TIMEOUT_MS = 30_000;

  const done = (request) =>
    new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });

  // Opens the app's database as the app left it; never creates it (the app owns its schema).
  const openDb = () =>
    new Promise((resolve) => {
      const request = indexedDB.open(DB_NAME);
      request.onupgradeneeded = () => request.transaction.abort();
      request.onsuccess = () => {
        const db = request.result;
        if (db.objectStoreNames.contains(STORE)) resolve(db);
        else {
          db.close();
          resolve(null);
        }
      };
      request.onerror = () => resolve(null);
    });

  const waiting = (db) =>
    done(db.transaction(STORE).objectStore(STORE).getAll()).then((items) =>
      items.filter((i) => i.state === 'waiting').sort((a, b) => a.id - b.id),
    );

  const save = (db, item) => done(db.transaction(STORE, 'readwrite').objectStore(STORE).put(item));

  // One send: 'accepted' | 'refused' with a code | null (keep waiting: offline or server down).
  async function send(item, token) {
    if (Date.now() > item.expiresAt) return { state: 'refused', code: 'EXPIRED' };
    const headers = { accept: 'application/json', 'content-type': 'application/json' };
    Object.assign(headers, item.headers);
    if (item.session) headers.authorization = `Bearer ${token}`;
    let response;
    try {
      response = await fetch(item.path, {
        method: 'POST',
        headers,
        body: JSON.stringify(item.body),
        // A request left hanging would hold up every later run (they are one at a time).
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      return null;
    }
    if (response.ok) return { state: 'accepted' };
    if (response.status >= 500 || response.status === 429) return null;
    const answer = await response.json().catch(() => ({}));
    return { state: 'refused', code: answer.code || 'VALIDATION_FAILED' };
  }

  async function tell(settled) {
    if (!self.clients) return;
    const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const tab of tabs) tab.postMessage({ type: 'vbc-outbox-settled', ids: settled });
    const last = settled.length > 0 && tabs.length === 0 ? settled.at(-1) : null;
    if (last && self.registration && self.Notification?.permission === 'granted') {
      await self.registration.showNotification(last.notice.title, {
        body: last.notice.body,
        tag: TAG,
        data: { url: '/outbox' },
      });
    }
  }

  // Sends every waiting item; resolves to how many stay waiting for a network reason and the
  // items settled now.
  async function flushOnce(token, sentBy) {
    const db = await openDb();
    if (!db) return { left: 0, settled: [] };
    const settled = [];
    let left = 0;
    try {
      for (const item of await waiting(db)) {
        if (item.session && !token) continue; // a tab will send it with the session
        const outcome = left > 0 ? null : await send(item, token);
        if (!outcome) {
          left += 1;
          continue;
        }
        Object.assign(item, outcome, { settledAt: Date.now(), sentBy, seen: false });
        await save(db, item);
        settled.push({ id: item.id, notice: item.notice });
      }
    } finally {
      db.close();
    }
    await tell(settled);
    return { left, settled };
  }

  const idle = { left: 0, settled: [] };
  let chain = Promise.resolve(idle);
  const flush = (token, sentBy) => {
    chain = chain.catch(() => idle).then(() => flushOnce(token ?? null, sentBy ?? 'page'));
    return chain;
  };
  return { flush, TAG };
})();

if (typeof ServiceWorkerGlobalScope !== 'undefined') {
  self.addEventListener('sync', (event) => {
    if (event.tag !== self.vbcOutbox.TAG) return;
    // Still waiting for the network: reject, so the browser tries this sync again later.
    event.waitUntil(
      self.vbcOutbox.flush(null, 'sync').then(({ left }) => {
        if (left > 0) throw new Error('outbox: still offline');
      }),
    );
  });
  self.addEventListener('message', (event) => {
    if (event.data?.type !== 'vbc-outbox-flush') return;
    event.waitUntil(self.vbcOutbox.flush(event.data.token, 'page'));
  });
}

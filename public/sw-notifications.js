// Loaded by the generated service worker (importScripts, scripts/vite/pwa.ts): tapping a system
// notification (src/features/notifications/components/live-notifications.tsx) focuses an open
// tab of the app and takes it to the notification's page, or opens one there.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data?.url || '/notification';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
      if (tab) return tab.focus().then((t) => t.navigate(target));
      return self.clients.openWindow(target);
    }),
  );
});

/**
 * The screen's own title ('Legend Card #4'), without the app name the tab title adds: what an
 * action queued from the screen is named after in the outbox. Set by usePageTitle
 * (src/components/ui/page-title.tsx), cleared on each navigation (src/app/layouts/root-layout.tsx).
 */
let current = '';

export function setPageSubject(title: string): void {
  current = title;
}

/** The screen's title, else the tab's. */
export function pageSubject(): string {
  return current || document.title;
}

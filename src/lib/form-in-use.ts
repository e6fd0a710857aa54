/**
 * Whether the user is in the middle of a form: typing in a field of one, or a modal dialog is
 * open. Overlays (notification toasts, the system-notification offer, the outbox's results)
 * wait while it is so, instead of covering what the user is filling in.
 */
import { useEffect, useState } from 'react';

const FIELD = 'input, select, textarea';

export function formInUse(doc: Document = document): boolean {
  if (doc.querySelector('dialog[open]')) return true;
  const active = doc.activeElement;
  return active instanceof Element && active.matches(FIELD) && active.closest('form') !== null;
}

/** formInUse(), updated as focus moves and dialogs open or close. */
export function useFormInUse(): boolean {
  const [inUse, setInUse] = useState(false);
  useEffect(() => {
    // focusout fires before the next element has focus: read once it has settled.
    const update = () => setTimeout(() => setInUse(formInUse()), 0);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    // A dialog opening or closing (the open attribute) without a focus change.
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, attributeFilter: ['open'] });
    update();
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
      observer.disconnect();
    };
  }, []);
  return inUse;
}

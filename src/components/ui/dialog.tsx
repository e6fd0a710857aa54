import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Modal dialog on the native <dialog> (focus trap, Escape and top layer from the browser).
 * `early` names a dialog of the server-rendered header that index.html's script may open before
 * the app runs (src/lib/early-taps.ts); `placeholder` is its body until the app fills it.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  early,
  placeholder = null,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  early?: string;
  placeholder?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const wasOpen = useRef(false);
  const titleId = useId();
  const { t } = useTranslation();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && wasOpen.current && dialog.open) {
      // Only a dialog this state opened: one opened before the app ran is adopted instead.
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    wasOpen.current = open;
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      data-early={early}
    >
      <div className="dialog__head">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {/* The name is the hidden text alone: a visible '×' the name does not contain fails
            WCAG 2.5.3 (label in name). */}
        <button
          type="button"
          className="icon-btn"
          onClick={onClose}
          data-early-close={early ? '' : undefined}
        >
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('action.close')}</span>
        </button>
      </div>
      <div className="dialog__body">{open ? children : placeholder}</div>
    </dialog>
  );
}

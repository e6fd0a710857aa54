import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Modal dialog on the native <dialog> (focus trap, Escape and top layer from the browser). */
export function Dialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__head">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {/* The name is the hidden text alone: a visible '×' the name does not contain fails
            WCAG 2.5.3 (label in name). */}
        <button type="button" className="icon-btn" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('action.close')}</span>
        </button>
      </div>
      <div className="dialog__body">{open ? children : null}</div>
    </dialog>
  );
}

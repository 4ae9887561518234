// A modal on the browser's own <dialog> (showModal): Escape, focus kept inside, the page behind
// inert, a click on the overlay closes it. A few hundred bytes where MUI's Dialog brought the
// styling engine to the public pages. `side` makes it a drawer at the right edge.
import { useEffect, useId, useRef } from 'react';
import Icon from './Icon.tsx';
import { CLOSE } from './icons.ts';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
  /** A drawer of this width at the right edge instead of a centred box. */
  side?: number;
  /** A short question rather than a reading box: no close button, narrower. */
  small?: boolean;
  /** The dialog's accessible name when it shows no title (the phone menu). */
  label?: string;
}

export default function Modal({ open, onClose, title, children, actions, side, small, label }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);
  const className = side ? 'gp-modal gp-modal--side' : small ? 'gp-modal gp-modal--small' : 'gp-modal';
  return (
    <dialog
      ref={ref}
      className={className}
      style={side ? { width: side } : undefined}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : label}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      // A click on the overlay lands on the <dialog> itself; the content fills it.
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="gp-modal__frame">
          {title && (
            <h2 className="gp-modal__title" id={titleId}>
              {title}
            </h2>
          )}
          {!small && !side && (
            <button type="button" className="gp-icon-button gp-modal__close" aria-label="बंद करा" onClick={onClose}>
              <Icon d={CLOSE} />
            </button>
          )}
          <div className="gp-modal__body">{children}</div>
          {actions && <div className="gp-modal__actions">{actions}</div>}
        </div>
      )}
    </dialog>
  );
}

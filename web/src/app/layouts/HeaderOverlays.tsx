// The header's phone menu drawer and logout confirmation, on components/Modal.tsx (the browser's
// own <dialog>): no MUI on the public pages.
import Modal from '../../components/Modal.tsx';

export const DRAWER_WIDTH = 280;

export function MenuDrawer({
  open,
  onClose,
  items,
  onItem,
  loginLabel,
  onLogin,
}: {
  open: boolean;
  onClose: () => void;
  items: string[];
  onItem: (index: number) => void;
  loginLabel: string;
  onLogin: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} side={DRAWER_WIDTH} label="मेनू">
      <nav aria-label="मेनू" className="gp-drawer">
        <ul className="gp-list-reset">
          {items.map((label, i) => (
            <li key={label}>
              <button type="button" onClick={() => onItem(i)}>
                {label}
              </button>
            </li>
          ))}
          <li>
            <button type="button" onClick={onLogin}>
              {loginLabel}
            </button>
          </li>
        </ul>
      </nav>
    </Modal>
  );
}

export function LogoutDialog({ open, onClose, onLogout }: { open: boolean; onClose: () => void; onLogout: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      small
      title="लॉगआउट पुष्टीकरण"
      actions={
        <>
          <button type="button" className="gp-text-btn" onClick={onClose}>
            रद्द करा
          </button>
          <button type="button" className="gp-btn gp-btn--danger" onClick={onLogout}>
            लॉगआउट
          </button>
        </>
      }
    >
      <p style={{ margin: 0 }}>तुम्हाला खरोखर लॉगआउट करायचे आहे का?</p>
    </Modal>
  );
}

import { Modal } from 'antd';
import type { ReactNode } from 'react';

interface ViewDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  width?: number;
  children: ReactNode;
}

/** A dialog that only shows something: no OK or Cancel, closed by its X, its content dropped while hidden. */
export function ViewDialog({ open, title, onClose, width, children }: ViewDialogProps) {
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} width={width} destroyOnHidden>
      {children}
    </Modal>
  );
}

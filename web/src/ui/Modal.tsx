import type { ReactNode } from "react";
import { Button } from "./Button.tsx";
import { deferred } from "./deferred.tsx";

export interface ModalProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children?: ReactNode;
  actions: ReactNode;
  dismissable?: boolean;
}

// React Aria's overlay (focus scope, scroll lock, dismissal) is fetched the first time a modal
// opens, not with every page that may show one: most pages paint, and most visits end, without
// one. The build fetches it once the first page has loaded (scripts/first-pages.ts AFTER_LOAD)
// and the service worker precaches it, so a modal still opens offline.
const dialog = deferred(() => import("./ModalDialog.tsx").then((m) => m.ModalDialog));

/** Loads the modal's code now, so the next modal opens in the same frame (component tests). */
export const preloadModal = dialog.preload;

/** The one modal of the app: focus kept inside, Escape closes when dismissable. */
export function Modal(props: ModalProps) {
  return props.isOpen ? <dialog.Deferred {...props} /> : null;
}

/** The usual action row of a dialog: Cancel on the left, the dialog's own action on the right. */
export function CancelConfirm({
  onCancel,
  onConfirm,
  confirmLabel,
  disabled,
  cancelDisabled,
  testId,
  variant = "primary",
}: {
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: ReactNode;
  disabled?: boolean;
  cancelDisabled?: boolean;
  testId?: string;
  variant?: "primary" | "secondary";
}) {
  return (
    <>
      <Button variant="secondary" onPress={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      <Button onPress={onConfirm} disabled={disabled} testId={testId} variant={variant}>
        {confirmLabel}
      </Button>
    </>
  );
}

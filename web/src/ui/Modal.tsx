import type { ReactNode } from "react";
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from "react-aria-components";
import { Button } from "./Button.tsx";

/** The one modal of the app: focus kept inside, Escape closes when dismissable. */
export function Modal({
  title,
  isOpen,
  onClose,
  children,
  actions,
  dismissable = true,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children?: ReactNode;
  actions: ReactNode;
  dismissable?: boolean;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
    >
      <AriaModal className="w-full max-w-md rounded-xl bg-surface shadow-xl">
        <Dialog className="outline-none">
          <div className="p-6">
            <Heading slot="title" className="text-lg font-semibold">
              {title}
            </Heading>
            {children ? <div className="mt-3 text-sm text-slate-700">{children}</div> : null}
          </div>
          <div className="flex justify-end gap-3 border-t border-slate-100 px-6 py-4">{actions}</div>
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
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

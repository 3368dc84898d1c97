import type { ReactNode } from "react";
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from "react-aria-components";

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
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4"
    >
      <AriaModal className="w-full max-w-md rounded-xl bg-white shadow-xl">
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

export function Button({
  children,
  onPress,
  variant = "primary",
  disabled,
  testId,
}: {
  children: ReactNode;
  onPress: () => void;
  variant?: "primary" | "secondary";
  disabled?: boolean;
  testId?: string;
}) {
  const style =
    variant === "primary"
      ? "bg-brand-600 text-white hover:bg-brand-700"
      : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50";
  return (
    <button
      type="button"
      onClick={onPress}
      disabled={disabled}
      data-testid={testId}
      className={`rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50 ${style}`}
    >
      {children}
    </button>
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

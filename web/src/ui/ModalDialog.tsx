import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from "react-aria-components";
import type { ModalProps } from "./Modal.tsx";

/** The modal itself (React Aria's overlay): ui/Modal.tsx loads it the first time one opens. */
export function ModalDialog({ title, isOpen, onClose, children, actions, dismissable = true }: ModalProps) {
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

import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { SHORTCUTS } from "./shortcuts.ts";

/** The question screen's keys (`?` or the Keyboard shortcuts button); focus returns on close. */
export function ShortcutsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Modal
      title="Keyboard shortcuts"
      isOpen={isOpen}
      onClose={onClose}
      actions={
        <Button onPress={onClose} testId="close-shortcuts">
          Close
        </Button>
      }
    >
      <p>Keys work when the focus is not in a text field or a list of gaps.</p>
      <dl className="mt-3 divide-y divide-slate-100" data-testid="shortcuts-list">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action} className="flex items-center gap-4 py-2" data-testid="shortcut">
            <dt className="flex w-32 shrink-0 flex-wrap gap-1">
              {shortcut.keys.map((key) =>
                key === "…" ? (
                  <span key={key} className="self-end text-slate-600">
                    …
                  </span>
                ) : (
                  <kbd
                    key={key}
                    className="min-w-7 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-xs text-slate-800"
                  >
                    {key}
                  </kbd>
                ),
              )}
            </dt>
            <dd className="text-slate-700">{shortcut.does}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}

import { Link } from "@tanstack/react-router";
import type { ReactNode, RefObject } from "react";
import { Dialog, Popover } from "react-aria-components";
import { groups, type NavAccess } from "./MainNav.tsx";

/** The open Menu of MainNav.tsx's MainMenu: every place, grouped, in a popover under the button. */
export default function MainMenuPopover({
  triggerRef,
  onClose,
  actions,
  ...access
}: NavAccess & {
  triggerRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  actions?: (close: () => void) => ReactNode;
}) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      placement="bottom end"
      offset={6}
      className="w-72 max-w-[calc(100vw-1rem)] overflow-auto rounded-xl bg-surface text-slate-800 shadow-xl ring-1 ring-slate-200"
    >
      <Dialog aria-label="Menu" className="outline-none">
        <nav aria-label="Main" className="p-2 text-sm">
          {groups(access).map((group) => (
            <div key={group.label} className="border-slate-200 py-1 [&+&]:border-t">
              <p className="px-3 pt-1 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
                {group.label}
              </p>
              <ul>
                {group.items.map((item) => (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      onClick={onClose}
                      className="flex min-h-11 items-center rounded-md px-3 hover:bg-slate-100"
                      activeProps={{
                        className:
                          "bg-brand-50 font-semibold text-brand-800 shadow-[inset_3px_0_0_var(--color-primary)]",
                      }}
                      activeOptions={{ exact: item.to === "/dashboard" || item.to === "/school" }}
                      data-testid={item.testId}
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        {actions ? (
          <div className="grid grid-cols-2 gap-1 border-t border-slate-200 p-2 sm:hidden">{actions(onClose)}</div>
        ) : null}
      </Dialog>
    </Popover>
  );
}

import type { ReactNode } from "react";
import { SkipLink } from "./SkipLink.tsx";

/** The app's mark and name, centred above the sign-in card and the public pages' card. */
export function BrandHeader() {
  return (
    <div className="mb-6 flex items-center justify-center gap-3">
      <img src="/icons/favicon.svg" alt="" className="h-10 w-10" />
      <span className="text-2xl font-semibold tracking-tight text-brand-900">Preflight</span>
    </div>
  );
}

/**
 * The frame of the pages opened without a session (sign in, registration, activation, free
 * trial, passwords): the skip link, the brand, one centred card of one width, and what follows
 * the card (links to the other public pages). The card's title is the form's `PageHeading`.
 */
export function PublicFrame({ children, after }: { children: ReactNode; after?: ReactNode }) {
  return (
    <>
      <SkipLink />
      <main
        id="main"
        tabIndex={-1}
        className="flex min-h-full items-start justify-center px-4 py-8 outline-none sm:items-center sm:py-12"
      >
        <div className="w-full max-w-lg">
          <BrandHeader />
          <div className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">{children}</div>
          {after}
        </div>
      </main>
    </>
  );
}

import type { ReactNode } from "react";

/**
 * The three content widths of the app: a form or a single result reads at `narrow`, lists and
 * test screens at `default`, dashboards and tables with many columns at `wide`.
 */
export const PAGE_WIDTHS = {
  narrow: "max-w-2xl",
  default: "max-w-4xl",
  wide: "max-w-6xl",
} as const;

export type PageWidth = keyof typeof PAGE_WIDTHS;

/**
 * Every screen's frame: the page title above the content (never inside a card), an optional
 * line under it and actions on its right, one content width, one spacing between sections.
 * `<main id="main">` is where the header's skip link lands.
 */
export function Page({
  title,
  description,
  actions,
  width = "default",
  titleId,
  titleTestId,
  children,
  busy,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  width?: PageWidth;
  titleId?: string;
  titleTestId?: string;
  children?: ReactNode;
  busy?: boolean;
  testId?: string;
}) {
  return (
    <main
      id="main"
      tabIndex={-1}
      aria-busy={busy || undefined}
      aria-labelledby={titleId}
      data-testid={testId}
      className={`mx-auto w-full ${PAGE_WIDTHS[width]} space-y-6 px-4 py-6 outline-none sm:px-6`}
    >
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 id={titleId} data-testid={titleTestId} className="text-2xl font-semibold tracking-tight text-slate-900">
            {title}
          </h1>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </main>
  );
}

/** A section of a page: one surface, one radius, one padding. `title` is the section's h2. */
export function Card({
  title,
  actions,
  children,
  className = "",
  padded = true,
  testId,
  labelledBy,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  padded?: boolean;
  testId?: string;
  labelledBy?: string;
}) {
  return (
    <section
      data-testid={testId}
      aria-labelledby={labelledBy}
      className={`rounded-xl bg-surface shadow-sm ring-1 ring-slate-200 ${padded ? "p-5 sm:p-6" : ""} ${className}`}
    >
      {title || actions ? (
        <div className={`flex flex-wrap items-center justify-between gap-3 ${padded ? "mb-4" : "px-5 pt-5 sm:px-6"}`}>
          {title ? <h2 className="text-lg font-semibold text-slate-900">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

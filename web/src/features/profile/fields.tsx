/** The profile page's card frame and its read-only detail rows. */
import { type ReactNode, useId } from "react";

export function Card({
  id,
  title,
  actions,
  children,
  testId,
}: {
  id?: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-4 rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid={testId}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** One row of a card's read-only details. */
export function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

import type { MouseEvent, ReactNode } from "react";

/** A link inside the app: a real anchor (open in a new tab works) that navigates through `go` on a plain click. */
export function AppLink({
  href,
  go,
  children,
  className = "font-medium text-brand-700 underline hover:text-brand-900",
}: {
  href: string;
  go: (href: string) => void;
  children: ReactNode;
  className?: string;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(href);
  };
  return (
    <a href={href} onClick={onClick} className={className}>
      {children}
    </a>
  );
}

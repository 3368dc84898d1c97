import type { MouseEvent } from "react";

/**
 * "Skip to content": the first Tab stop of every frame, out of sight until focused. It moves
 * focus to the page's `<main id="main">` (ui/Page.tsx), or the page's first `<main>` while a
 * screen still draws its own, without changing the address (the router owns the URL).
 */
export function SkipLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById("main") ?? document.querySelector("main");
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
    target.scrollIntoView({ block: "start" });
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is an in-page link (#main); the click only also moves focus there
    <a
      href="#main"
      onClick={onClick}
      data-testid="skip-link"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:inline-flex focus:min-h-11 focus:items-center focus:rounded-md focus:bg-surface focus:px-4 focus:text-sm focus:font-medium focus:text-brand-800 focus:shadow-lg focus:ring-2 focus:ring-brand-500"
    >
      Skip to content
    </a>
  );
}

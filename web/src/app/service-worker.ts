/**
 * Registers the worker built from service-worker/ (production builds only). workbox-window is
 * loaded here rather than with the first page: registering waits for the page's load anyway.
 *
 * A worker that takes over (first install or update) replays what is waiting itself, on its
 * `activate` (service-worker/src/triggers.ts): the page need not ask, and the sign-in page does
 * not fetch the drain's code for it.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  void import("workbox-window").then(({ Workbox }) => void new Workbox("/sw.js").register());
}

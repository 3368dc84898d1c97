/**
 * Registers the worker built from service-worker/ (production builds only). workbox-window is
 * loaded here rather than with the first page: registering waits for the page's load anyway.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  void import("workbox-window").then(({ Workbox }) => {
    const wb = new Workbox("/sw.js");
    // A new worker took over (first install or update): let it replay what is waiting.
    wb.addEventListener(
      "controlling",
      () => void import("../local/outbox/drain-scheduler.ts").then(({ wakeDrain }) => wakeDrain()),
    );
    void wb.register();
  });
}

import { Workbox } from "workbox-window";
import { wakeDrain } from "../local/outbox/drain-scheduler.ts";

/** Registers the worker built from service-worker/ (production builds only). */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox("/sw.js");
  // A new worker took over (first install or update): let it replay what is waiting.
  wb.addEventListener("controlling", () => void wakeDrain());
  void wb.register();
}

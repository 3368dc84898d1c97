import { SNAPSHOT_ATTRIBUTE } from "../local/snapshot/dashboard-snapshot.ts";

/**
 * The app's start under a saved dashboard (local/snapshot/dashboard-snapshot.ts). The service
 * worker has painted the student's last dashboard in the root; the app renders beside it, off
 * the page, and takes its place once its own dashboard has read its data, so the copy never
 * gives way to an empty frame (React empties the element it renders into at its first commit).
 * A start without a copy renders in the root directly. Another page than the dashboard, or a
 * dashboard slower than LONGEST_WAIT_MS, replaces the copy as it is.
 */
const LONGEST_WAIT_MS = 3000;

let waiting: { root: HTMLElement; app: HTMLElement } | null = null;

/** Where the app renders: the root, or an element that replaces the copy in it later. */
export function appContainer(root: HTMLElement): HTMLElement {
  if (!root.querySelector(`:scope > [${SNAPSHOT_ATTRIBUTE}]`)) return root;
  const app = document.createElement("div");
  // No box of its own once in the root: the page lays out as if rendered in the root itself.
  app.style.display = "contents";
  waiting = { root, app };
  setTimeout(showApp, LONGEST_WAIT_MS);
  return app;
}

/** The app's own page is ready: it takes the copy's place (nothing to do without a copy). */
export function showApp(): void {
  if (!waiting) return;
  waiting.root.replaceChildren(waiting.app);
  waiting = null;
}

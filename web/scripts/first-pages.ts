/**
 * The pages a student opens first, with the route files each renders, outermost first (as the
 * router matches them). The build preloads their route chunks as the page starts
 * (vite.config.ts, firstRoutePreload) and the JS budget is checked on them
 * (check-bundle-budget.ts).
 */
export const FIRST_PAGES: Record<string, string[]> = {
  "/login": ["src/routes/__root.tsx", "src/routes/login.tsx"],
  "/dashboard": ["src/routes/__root.tsx", "src/routes/_app.tsx", "src/routes/_app/dashboard.tsx"],
};

/**
 * What the first page fetches after it has loaded (a few links at a time while the page is idle;
 * on the sign-in page from the student's first touch or key on it), without running it: the route files of the
 * pages sign-in leads to (/sync, /dashboard), and the modules the signed-in frame imports when
 * it first needs them rather than with its page (the outbox's drain and the sync button's sync,
 * the pulls, the content updater, the test builder, the refused changes' labels, the areas of
 * the route catalogue call() loads with the frame's first calls). A first visit may lose the connection the moment
 * the student signs in, before the service worker holds the app: fetched here (modulepreload:
 * into the page's module map), their later import is answered without the network, while the
 * page's own start is not slowed by running them.
 */
export const AFTER_LOAD: string[] = [
  "src/routes/_app.tsx",
  "src/routes/_app/sync.tsx",
  "src/routes/_app/dashboard.tsx",
  "src/local/outbox/drain.ts",
  "src/local/outbox/sending.ts",
  "src/local/outbox/drain-scheduler.ts",
  "src/local/outbox/sync-now.ts",
  "src/local/outbox/call-labels.ts",
  "src/local/diagnostics/error-reporter.ts",
  "src/local/pull/pull.ts",
  "src/local/content/updater.ts",
  "src/local/actions/test.ts",
  // The route catalogue's loader, and the areas of it the signed-in frame's upkeep calls (the
  // session check, the pulls, the push, the updater, the error reports) and the error body's schema.
  "src/local/api-contract.ts",
  "sync-protocol/routes/auth.ts",
  "sync-protocol/routes/sync.ts",
  "sync-protocol/routes/content.ts",
  "sync-protocol/routes/question.ts",
  "sync-protocol/routes/fixed.ts",
  "sync-protocol/routes/diagnostics.ts",
  "sync-protocol/schemas/errors.ts",
  "src/local/account/offline-verifier.ts",
  // The parts of the first pages that come when first shown: a modal, the notifications, the
  // narrow screen's Menu, the progress card's tabs.
  "src/ui/ModalDialog.tsx",
  "src/ui/snackbar/SnackbarStack.tsx",
  "src/app/MainMenuPopover.tsx",
  // The signed-in frame's occasional watchers (routes/_app.tsx): the evicted-bank banner renders
  // with the frame, so a sign-in that loses the connection at once needs it in memory already.
  "src/features/device/ContentEvictionBanner.tsx",
  "src/features/update/UpdatePrompt.tsx",
  "src/features/course-progress/ProgressTabs.tsx",
  "src/local/feedback/feedback-queue.ts",
];

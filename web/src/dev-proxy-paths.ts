/**
 * Paths the API answers; page addresses (GET text/html) stay with Vite in dev. The account
 * forms' pages share their paths with their posts (/register, /password/reset, /free-trial …):
 * the page loads are GET text/html, the posts and the `/api/*` reads go to the API.
 *
 * Kept by hand: Vite's config loader cannot load the workspace's contract package, so
 * dev-proxy-paths.test.ts checks the list against the route catalogue instead.
 */
export const apiPaths = [
  "/api",
  "/sync",
  "/user-sync",
  "/content",
  "/test",
  "/analysis",
  "/profile",
  "/questions",
  "/search",
  "/zoom",
  "/user-active",
  "/check-lessons",
  "/update",
  "/register",
  "/password",
  "/free-trial",
  "/email/confirm",
  "/email-preferences",
  "/subscribe",
  "/licence",
  "/app/activate",
  "/feedback",
  "/maintenance/bug-report",
  "/client-errors",
  "/maintenance/user/",
  "/school/classes",
  "/school/fixed-tests",
  "/school/questions",
  "/school/students/",
];

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

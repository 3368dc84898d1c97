import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";
import { Link } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense, useRef, useState, useSyncExternalStore } from "react";
import { Button } from "react-aria-components";

interface NavItem {
  to: string;
  label: string;
  testId: string;
  /** Switched on by configuration (PREFLIGHT_FEATURES); absent means always shown. */
  feature?: "flagged";
  /** Shown only to this role; absent means every signed-in user. */
  role?: "maintenance" | "instructor";
}

/** Where a student studies and tests: the first row of places. */
const STUDY: NavItem[] = [
  { to: "/dashboard", label: "Dashboard", testId: "nav-dashboard" },
  { to: "/syllabus", label: "Syllabus", testId: "nav-syllabus" },
  { to: "/test/select/practice", label: "Practice", testId: "nav-practice" },
  { to: "/test/select/timed", label: "Exams", testId: "nav-exams" },
  { to: "/test/select/exam", label: "Fixed tests", testId: "nav-fixed" },
  { to: "/test/previous", label: "Previous tests", testId: "nav-previous" },
  { to: "/analysis", label: "Analysis", testId: "nav-analysis" },
  { to: "/test/flagged", label: "Flagged questions", testId: "nav-flagged", feature: "flagged" },
];

/** The student's account. */
const ACCOUNT: NavItem[] = [{ to: "/profile", label: "Profile", testId: "nav-profile" }];

/**
 * The maintenance tools for the installed app (the update admin panel, the queue of changes,
 * bug reports and the device's local profiles), which only the maintenance role sees: a
 * student's own updates are on the dashboard and their waiting changes under the header's
 * "pending" link.
 */
const MAINTENANCE: NavItem[] = [
  { to: "/maintenance/updates", label: "Updates", testId: "nav-updates", role: "maintenance" },
  { to: "/maintenance/jobs", label: "Jobs", testId: "nav-jobs", role: "maintenance" },
  { to: "/maintenance/reports", label: "Reports", testId: "nav-reports", role: "maintenance" },
  { to: "/maintenance/users", label: "Users", testId: "nav-users", role: "maintenance" },
];

/**
 * The school area (issue 20), an instructor's places instead of the student's: the classes and the
 * school's fixed tests (with their editor and results). "Classes" is marked on /school itself
 * only, so that it is not marked beside "Fixed tests" under /school/tests. Later pages of the area
 * (course dates) join this list as they arrive.
 */
const SCHOOL: NavItem[] = [
  { to: "/school", label: "Classes", testId: "nav-school", role: "instructor" },
  { to: "/school/tests", label: "Fixed tests", testId: "nav-school-tests", role: "instructor" },
];

/** Wide enough for the full navigation bar (a laptop, a tablet in landscape); below it, the Menu. */
export const WIDE_NAV_QUERY = "(min-width: 1024px)";

function isWide(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(WIDE_NAV_QUERY).matches
    : true;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(WIDE_NAV_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the header shows the full navigation bar (true) or the Menu button (false). */
export function useWideNav(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}

export interface NavAccess {
  features: { flagged: boolean };
  userRole: UserSummary["role"];
}

export function groups({ features, userRole }: NavAccess): { label: string; items: NavItem[] }[] {
  const shown = (item: NavItem) => (!item.feature || features[item.feature]) && (!item.role || item.role === userRole);
  if (userRole === "instructor") return [{ label: "School", items: SCHOOL }];
  return [
    { label: "Study", items: STUDY.filter(shown) },
    { label: "Account", items: ACCOUNT.filter(shown) },
    { label: "Maintenance", items: MAINTENANCE.filter(shown) },
  ].filter((group) => group.items.length > 0);
}

/**
 * The laptop's second header row: study places on the left, the account and maintenance places
 * on the right. Every link is 44 px high; the row wraps rather than hiding a place.
 */
export function MainNav(access: NavAccess) {
  const [study, ...rest] = groups(access);
  const link = (item: NavItem) => (
    <Link
      key={item.to}
      to={item.to}
      className="inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-2.5 text-header-muted hover:bg-white/10 hover:text-white"
      activeProps={{ className: "bg-white/15 font-semibold text-white shadow-[inset_0_-3px_0_var(--color-accent)]" }}
      activeOptions={{ exact: item.to === "/dashboard" || item.to === "/school" }}
      data-testid={item.testId}
    >
      {item.label}
    </Link>
  );
  return (
    <nav aria-label="Main" className="border-t border-white/10 bg-header">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-0.5 px-2 py-1 text-sm">
        {study?.items.map(link)}
        <span className="ml-auto" aria-hidden />
        {rest.flatMap((group, index) => [
          index > 0 ? <span key={group.label} className="mx-1 h-5 w-px shrink-0 bg-white/20" aria-hidden /> : null,
          ...group.items.map(link),
        ])}
      </div>
    </nav>
  );
}

/**
 * The tablet's and phone's navigation: a Menu button in the header opening every place in a
 * popover (React Aria keeps focus in it, Escape or a tap outside closes it and focus returns to
 * the button). The current place is marked. `actions` are header buttons that a phone moves in
 * here; they get `close` to shut the menu before they act. The popover's code is fetched when the
 * menu first opens (and after the first page's load, scripts/first-pages.ts AFTER_LOAD): a page
 * paints with the button alone.
 */
export function MainMenu({ actions, ...access }: NavAccess & { actions?: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        ref={trigger}
        data-testid="nav-menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPress={() => setOpen((was) => !was)}
        className="inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-md border border-white/30 px-3 text-sm hover:bg-white/10 pressed:bg-white/15"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
          <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
        </svg>
        Menu
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <MainMenuPopover triggerRef={trigger} onClose={close} actions={actions} {...access} />
        </Suspense>
      ) : null}
    </>
  );
}

const MainMenuPopover = lazy(() => import("./MainMenuPopover.tsx"));

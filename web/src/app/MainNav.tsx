import type { UserSummary } from "@preflight/sync-protocol";
import { Link } from "@tanstack/react-router";

interface NavItem {
  to: string;
  label: string;
  testId: string;
  /** Switched on by configuration (PREFLIGHT_FEATURES); absent means always shown. */
  feature?: "flagged";
  /** Shown only to this role; absent means every signed-in user. */
  role?: "maintenance";
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

/**
 * The student's account, then the maintenance tools for the installed app (the update admin
 * panel, the queue of changes and the device's local profiles), which only the maintenance
 * role sees: a student's own updates are on the dashboard and their waiting changes under
 * the header's "pending" link.
 */
const DEVICE: NavItem[] = [
  { to: "/profile", label: "Profile", testId: "nav-profile" },
  { to: "/maintenance/updates", label: "Updates", testId: "nav-updates", role: "maintenance" },
  { to: "/maintenance/jobs", label: "Jobs", testId: "nav-jobs", role: "maintenance" },
  { to: "/maintenance/reports", label: "Reports", testId: "nav-reports", role: "maintenance" },
  { to: "/maintenance/users", label: "Users", testId: "nav-users", role: "maintenance" },
];

/**
 * The app's second header row: study places on the left, device upkeep on the right. On a
 * narrow screen (a tablet in portrait) the row scrolls sideways rather than wrapping.
 */
export function MainNav({ features, userRole }: { features: { flagged: boolean }; userRole: UserSummary["role"] }) {
  const shown = (item: NavItem) => (!item.feature || features[item.feature]) && (!item.role || item.role === userRole);
  const link = (item: NavItem) => (
    <Link
      key={item.to}
      to={item.to}
      className="whitespace-nowrap rounded-md px-2.5 py-1.5 text-header-muted hover:bg-white/10 hover:text-white"
      activeProps={{ className: "bg-white/15 font-medium text-white" }}
      activeOptions={{ exact: item.to === "/dashboard" }}
      data-testid={item.testId}
    >
      {item.label}
    </Link>
  );
  return (
    <nav aria-label="Main" className="border-t border-white/10 bg-header">
      <div className="mx-auto flex max-w-6xl items-center gap-1 overflow-x-auto px-2 py-1.5 text-sm">
        {STUDY.filter(shown).map(link)}
        <span className="mx-1 h-5 w-px shrink-0 bg-white/20 sm:ml-auto" aria-hidden />
        {DEVICE.filter(shown).map(link)}
      </div>
    </nav>
  );
}

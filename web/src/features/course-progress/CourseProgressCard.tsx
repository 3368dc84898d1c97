/**
 * The dashboard's course progress graph 'My Progress' (spec study 2): Target vs Completed over
 * dates with an 'Edit dates' link; tabs Full Course (with more than one module) and one per
 * module, named in the address's hash (full-course or module-{id}). Drawn from the device's own
 * records with the server's rule, so it works offline and agrees with GET /analysis/course.
 * The tabs' code and the charts' come once the page has painted: until then the card shows the
 * selected scope's panel as the tabs will show it.
 */
import { useLocation, useNavigate } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Button } from "../../ui/Button.tsx";
import { loadLocaleData } from "../../ui/locale-data.ts";
import { CHART_BOX_HEIGHT } from "./chart-config.ts";
import type { CourseProgressData } from "./queries.ts";
import { ScopePanel } from "./ScopePanel.tsx";
import { type ProgressTab, tabOfHash } from "./tabs.ts";

// The tabs (React Aria's collections and selection, a dozen chunks) are not in the first page's
// scripts, nor fetched before it paints: a request the page waits on, or that merely starts
// before its largest paint, counts against that paint on a slow connection.
let loadedTabs: typeof import("./ProgressTabs.tsx").default | null = null;
const loadProgressTabs = () =>
  loadLocaleData()
    .then(() => import("./ProgressTabs.tsx"))
    .then((m) => {
      loadedTabs = m.default;
      return m;
    });
// Rendered directly once loaded: React's lazy shows its fallback for a moment even then, and the
// panel painted twice counted as the page's largest paint the second time.
const LazyProgressTabs = lazy(loadProgressTabs);

/**
 * `data` comes from the dashboard's one read of the course (`useCourseProgress`), shared with the
 * circles; `renderCourseDates` is the course-dates feature's modal, which the route passes in.
 */
export function CourseProgressCard({
  data,
  summary,
  tabsWanted,
  renderCourseDates,
}: {
  data: CourseProgressData | undefined;
  /** The tabs' code may be fetched (the dashboard says so once it has painted). */
  tabsWanted: boolean;
  /** The dashboard's summary circles, at the top of the same card (one progress card). */
  summary?: ReactNode;
  renderCourseDates: (props: { isOpen: boolean; onClose: () => void }) => ReactNode;
}) {
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const selected = data
    ? tabOfHash(
        hash,
        data.scopes.map((s) => s.tab),
      )
    : null;

  return (
    <section
      className="min-w-0 rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      aria-labelledby="my-progress-heading"
      data-testid="my-progress"
    >
      <ProgressView
        data={data}
        summary={summary}
        selected={selected}
        tabsWanted={tabsWanted}
        onSelect={(tab) =>
          void navigate({ to: ".", hash: tab, replace: true, resetScroll: false, hashScrollIntoView: false })
        }
        onEditDates={() => setEditing(true)}
      />
      {renderCourseDates({ isOpen: editing, onClose: () => setEditing(false) })}
    </section>
  );
}

/** The card's content for given data: heading, tabs and each scope's chart (pure, for tests and fixtures). */
export function ProgressView({
  data,
  summary,
  selected,
  tabsWanted,
  onSelect,
  onEditDates,
}: {
  data: CourseProgressData | undefined;
  summary?: ReactNode;
  selected: ProgressTab | null;
  tabsWanted: boolean;
  onSelect: (tab: ProgressTab) => void;
  onEditDates: () => void;
}) {
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-progress-heading" className="text-lg font-semibold text-slate-900">
          My Progress
        </h2>
        <Button variant="secondary" onPress={onEditDates} testId="progress-edit-dates">
          Edit dates
        </Button>
      </div>
      {summary ? <div className="mb-6">{summary}</div> : null}
      {data === undefined ? (
        <div style={{ height: CHART_BOX_HEIGHT }} aria-hidden />
      ) : data.scopes.length === 0 || selected === null ? (
        <p className="text-sm text-slate-600">Your course's modules will appear here once they are on this device.</p>
      ) : (
        <ProgressTabsWhenLoaded
          wanted={tabsWanted}
          scopes={data.scopes}
          today={data.today}
          selected={selected}
          onSelect={onSelect}
          onEditDates={onEditDates}
        />
      )}
    </>
  );
}

type ProgressTabsProps = Parameters<typeof import("./ProgressTabs.tsx").default>[0];

/** The tabs, or until their code is wanted and loaded the selected scope's panel as they will show it. */
function ProgressTabsWhenLoaded({ wanted, ...props }: ProgressTabsProps & { wanted: boolean }) {
  const Loaded = loadedTabs;
  if (Loaded) return <Loaded {...props} />;
  const { scopes, selected, today, onEditDates } = props;
  const placeholder = (
    <TabsPlaceholder labels={scopes.map((s) => s.label)} selected={scopes.findIndex((s) => s.tab === selected)}>
      {scopes.map((s) =>
        s.tab === selected ? <ScopePanel key={s.tab} scope={s} today={today} onEditDates={onEditDates} /> : null,
      )}
    </TabsPlaceholder>
  );
  // Rendering the lazy tabs is what fetches them.
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LazyProgressTabs {...props} />
    </Suspense>
  );
}

/**
 * What the card shows while its tabs' code loads: the tab row's labels and the selected scope's
 * panel as the tabs will show them, so the panel's text paints with the card and nothing moves.
 */
function TabsPlaceholder({ labels, selected, children }: { labels: string[]; selected: number; children: ReactNode }) {
  return (
    <>
      <div className="mb-3 flex flex-wrap gap-1 border-b border-slate-200" aria-hidden>
        {labels.map((label, index) => (
          <span
            key={label}
            className={`-mb-px inline-flex min-h-11 items-center rounded-t-md border-b-2 px-3 py-1.5 text-sm ${
              index === selected ? "border-brand-600 font-medium text-brand-700" : "border-transparent text-slate-600"
            }`}
          >
            {label}
          </span>
        ))}
      </div>
      {children}
    </>
  );
}

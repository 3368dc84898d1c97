/** The card's tabs (Full Course and one per module), each with its scope's panel: CourseProgressCard.tsx loads it. */
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import type { ProgressScope } from "./queries.ts";
import { ScopePanel } from "./ScopePanel.tsx";
import type { ProgressTab } from "./tabs.ts";

export default function ProgressTabs({
  scopes,
  today,
  selected,
  onSelect,
  onEditDates,
}: {
  scopes: ProgressScope[];
  today: string;
  selected: ProgressTab;
  onSelect: (tab: ProgressTab) => void;
  onEditDates: () => void;
}) {
  return (
    <Tabs selectedKey={selected} onSelectionChange={(key) => onSelect(key as ProgressTab)}>
      <TabList aria-label="Course progress" className="mb-3 flex flex-wrap gap-1 border-b border-slate-200">
        {scopes.map((s) => (
          <Tab
            key={s.tab}
            id={s.tab}
            className="-mb-px inline-flex min-h-11 cursor-pointer items-center rounded-t-md border-b-2 border-transparent px-3 py-1.5 text-sm text-slate-600 outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 data-[selected]:border-brand-600 data-[selected]:font-medium data-[selected]:text-brand-700"
            data-testid="progress-tab"
          >
            {s.label}
          </Tab>
        ))}
      </TabList>
      {scopes.map((s) => (
        <TabPanel key={s.tab} id={s.tab} className="outline-none">
          <ScopePanel scope={s} today={today} onEditDates={onEditDates} />
        </TabPanel>
      ))}
    </Tabs>
  );
}

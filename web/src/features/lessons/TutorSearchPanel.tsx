import { Modal as AriaModal, Dialog, Heading, ModalOverlay, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useSignedIn } from "../../app/session-context.tsx";
import { Button } from "../../ui/Button.tsx";
import { SearchTab } from "./SearchTab.tsx";
import type { TutorSearch } from "./useTutorSearch.ts";

const tabClass =
  "-mb-px flex min-h-11 cursor-pointer items-center rounded-t-md border-b-2 border-transparent px-4 text-sm font-medium text-slate-600 outline-none hover:text-slate-900 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500 data-[selected]:border-brand-600 data-[selected]:text-brand-700";

/**
 * The Tutor / Search slide-out (spec study: Syllabus page, Lesson search panel): a Search tab,
 * and an AI Tutor tab only where the deployment switches the tutor on.
 */
export function TutorSearchPanel({ search }: { search: TutorSearch }) {
  const { session } = useSignedIn();
  const tutorOn = session.user.features.ai_tutor;
  return (
    <ModalOverlay
      isOpen={search.isOpen}
      onOpenChange={(open) => {
        if (!open) search.close();
      }}
      isDismissable
      className="fixed inset-0 z-40 bg-black/30"
    >
      <AriaModal className="fixed inset-y-0 right-0 flex w-full max-w-md flex-col bg-surface shadow-2xl ring-1 ring-slate-200">
        <Dialog className="flex h-full flex-col outline-none" data-testid="tutor-search-panel">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-2">
            <Heading slot="title" className="text-lg font-semibold text-slate-900">
              Tutor / Search
            </Heading>
            <Button variant="quiet" onPress={search.close} testId="tutor-search-close">
              Close
            </Button>
          </div>
          <Tabs className="flex min-h-0 flex-1 flex-col">
            <TabList aria-label="Tutor and search" className="flex gap-1 border-b border-slate-200 px-4">
              <Tab id="search" className={tabClass}>
                Search
              </Tab>
              {tutorOn ? (
                <Tab id="tutor" className={tabClass}>
                  AI Tutor
                </Tab>
              ) : null}
            </TabList>
            <TabPanel id="search" className="flex min-h-0 flex-1 flex-col outline-none">
              <SearchTab search={search} />
            </TabPanel>
            {tutorOn ? (
              <TabPanel id="tutor" className="p-5 text-sm text-slate-700 outline-none">
                <p className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="tutor-unavailable">
                  The AI tutor is not available yet. Use the Search tab to find a topic in your lessons.
                </p>
              </TabPanel>
            ) : null}
          </Tabs>
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

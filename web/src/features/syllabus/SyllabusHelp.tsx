/**
 * The syllabus page's help: an info button opening a modal that explains each choice on the
 * page (selectors, sort, grid columns, legend) and what the access modals mean.
 */
import { ACCESS_TITLES } from "@preflight/sync-protocol/rules/part-access";
import { type ReactNode, useState } from "react";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { STATUS_LABELS, StatusIcon } from "./StatusIcon.tsx";

export const SYLLABUS_HELP_TITLE = "Using the syllabus page";

function Item({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-slate-900">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <dl className="space-y-2">{children}</dl>
    </section>
  );
}

export function SyllabusHelpButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* The hover tip sits on a box-less wrapper: React Aria's button takes no title. */}
      <span title="Help" className="contents">
        <Button
          variant="plain"
          onPress={() => setOpen(true)}
          ariaLabel="Help: the choices on this page"
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-surface font-serif text-base font-bold italic text-brand-700 hover:bg-slate-50"
          testId="syllabus-help"
        >
          i
        </Button>
      </span>
      <Modal
        title={SYLLABUS_HELP_TITLE}
        isOpen={open}
        onClose={() => setOpen(false)}
        actions={
          <Button onPress={() => setOpen(false)} testId="syllabus-help-close">
            Close
          </Button>
        }
      >
        {/* A region that scrolls is reached by keyboard too, so its arrow keys scroll it (WCAG 2.1.1). */}
        <section
          className="-mr-2 max-h-[60vh] space-y-5 overflow-y-auto pr-2"
          data-testid="syllabus-help-content"
          aria-label={SYLLABUS_HELP_TITLE}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus
          tabIndex={0}
        >
          <Section title="Choosing what to show">
            <Item term="Syllabus">
              Shown only when you study more than one syllabus: switches the page (and your lessons and tests) to
              another one. Switching needs a connection.
            </Item>
            <Item term="Sort by MODULE or SUBJECT">
              MODULE lists one module&rsquo;s lessons and progress tests in course order. SUBJECT lists every lesson and
              progress test of one subject, across the modules that teach it.
            </Item>
            <Item term="Module or Subject">
              Chooses the module (or, sorted by subject, the subject) the grid lists. A module marked &lsquo;not yet
              available&rsquo; is still downloading to this device. Your sort and choice are remembered on this device.
            </Item>
          </Section>
          <Section title="The grid">
            <Item term="Lessons">
              Each lesson and progress test in order, with its status. Choose one to open it: a lesson opens at its
              first page, a progress test shows its summary first.
            </Item>
            <Item term="Target">The date your course plan expects the part to be complete by.</Item>
            <Item term="Legend">
              <ul className="mt-1 space-y-1">
                {([null, false, true] as const).map((pass) => (
                  <li key={String(pass)} className="flex items-center gap-2">
                    <StatusIcon pass={pass} />
                    <span>
                      {pass === null
                        ? `${STATUS_LABELS.notStarted}: a lesson not yet read to its last page, or a progress test not yet taken.`
                        : pass
                          ? `${STATUS_LABELS.complete}: a lesson read to its last page, or a progress test passed.`
                          : `${STATUS_LABELS.failed}: a progress test taken but not passed yet.`}
                    </span>
                  </li>
                ))}
              </ul>
            </Item>
          </Section>
          <Section title="When a part will not open">
            <Item term={ACCESS_TITLES.insufficient}>
              The module needs another module completed first, or the progress test needs the lessons and parts before
              it completed.
            </Item>
            <Item term={ACCESS_TITLES.denied}>
              The part&rsquo;s target date has not arrived yet, or a failed progress test can be tried again only after
              a wait; the message says when.
            </Item>
            <Item term={ACCESS_TITLES.lessonUnavailable}>
              The lesson is not on this device yet; update the app to download it.
            </Item>
            <Item term="Progress test summary">
              Questions, attempts and the pass mark of the test, with Start to begin it.
            </Item>
            <Item term={ACCESS_TITLES.updateRequired}>
              The test needs newer questions than this device holds; Download test fetches them and opens the test.
            </Item>
          </Section>
        </section>
      </Modal>
    </>
  );
}

/**
 * The 'Syllabus Choices' help (spec accounts 1, test-taking 1): what the three choices of each
 * licence or rating type mean. Reached from the registration form, the profile and the syllabus
 * selector, so it lives here as a pure widget: an "i" button that opens the modal, and the modal
 * alone for a page that opens it itself.
 */
import { useState } from "react";
import { Button } from "./Button.tsx";
import { Modal } from "./Modal.tsx";

export const SYLLABUS_CHOICES_TITLE = "Syllabus Choices";

/** The three choices, in the order the spec names them. */
export const SYLLABUS_CHOICES = [
  {
    term: "Pre-2020",
    text: "The syllabus as it stood before 2020, for students whose exams started before the 2020 syllabus came in.",
  },
  {
    term: "2020 excluding example exam questions",
    text: "The 2020 syllabus with only questions drawn from real exam feedback.",
  },
  {
    term: "2020 including example exam questions",
    text: "The 2020 syllabus with our example exam questions added to those from real exam feedback.",
  },
] as const;

export function SyllabusChoicesModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Modal
      title={SYLLABUS_CHOICES_TITLE}
      isOpen={isOpen}
      onClose={onClose}
      actions={
        <Button onPress={onClose} testId="syllabus-choices-close">
          Close
        </Button>
      }
    >
      {/* A scrolling region is reached by keyboard too (axe: scrollable-region-focusable). */}
      <div
        className="-mr-2 max-h-[60vh] space-y-3 overflow-y-auto pr-2"
        data-testid="syllabus-choices-content"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
        tabIndex={0}
      >
        <p>Each licence or rating type offers three syllabus choices:</p>
        <dl className="space-y-2">
          {SYLLABUS_CHOICES.map((choice) => (
            <div key={choice.term}>
              <dt className="font-semibold text-slate-900">{choice.term}</dt>
              <dd className="mt-0.5">{choice.text}</dd>
            </div>
          ))}
        </dl>
        <p>
          The syllabus changed in 2020: the 2020 syllabus applies to exams started in 2020 or later, so choose it unless
          your exams started before then.
        </p>
        <p>
          Real exam feedback takes time to catch up with the topics the 2020 syllabus added, so we write example exam
          questions ourselves to cover them. If you exclude the example questions, some topics have few or no questions.
        </p>
      </div>
    </Modal>
  );
}

/** The "i" button that opens the Syllabus Choices help; sits beside an exam or syllabus selector. */
export function SyllabusChoicesButton({ testId = "syllabus-choices-help" }: { testId?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* The tooltip sits on a wrapper: the Button primitive takes no title. */}
      <span title={SYLLABUS_CHOICES_TITLE} className="inline-flex shrink-0">
        <Button
          variant="plain"
          onPress={() => setOpen(true)}
          ariaLabel="Syllabus Choices: what the choices mean"
          aria-haspopup="dialog"
          className="relative inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full border after:absolute after:-inset-1.5 after:content-[''] border border-slate-300 bg-surface font-serif text-sm font-bold italic text-brand-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          testId={testId}
        >
          i
        </Button>
      </span>
      <SyllabusChoicesModal isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}

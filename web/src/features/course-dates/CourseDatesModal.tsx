import {
  CLASS_MANAGED_END_TOOLTIP,
  CLASS_MANAGED_START_TOOLTIP,
  COURSE_DATES_UPDATED_MESSAGE,
  type CourseDateField,
  courseDateLimits,
  NO_COURSE_DATES_TEXT,
  validateCourseDates,
} from "@preflight/sync-protocol/rules/course-dates";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useState } from "react";
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from "react-aria-components";
import { useErrorNotice } from "../../app/error-notice.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { type CourseRow, plannedRows, readCourse, updateCourseDates } from "../../local/actions/course-dates.ts";
import { currentDate } from "../../platform.ts";
import { Button } from "../../ui/Button.tsx";
import { CourseDatesTable } from "../../ui/CourseDatesTable.tsx";
import { SAVED_ON_DEVICE } from "../../ui/offline-words.ts";
import { useSnackbar } from "../../ui/snackbar/context.ts";

type Draft = Record<number, { start: string; end: string }>;

const draftOf = (rows: CourseRow[]): Draft =>
  Object.fromEntries(rows.map((r) => [r.moduleId, { start: r.start, end: r.end }]));

/**
 * Edit course dates (spec study: modal; section 5): syllabus, module, start and end per module,
 * checked as the student types with the rule the server applies; Update saves on the device and
 * queues the change, Revert puts back what was saved. A class's students see their dates only.
 */
export function CourseDatesModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-3 sm:p-4"
    >
      <AriaModal className="max-h-full w-full max-w-3xl overflow-y-auto rounded-xl bg-surface shadow-xl">
        <Dialog className="outline-none" data-testid="course-dates-modal">
          <CourseDatesForm onClose={onClose} />
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

function CourseDatesForm({ onClose }: { onClose: () => void }) {
  const { scope } = useSignedIn();
  const { notify } = useSnackbar();
  const showError = useErrorNotice();
  const course = useLiveQuery(() => readCourse(scope.db), [scope.db]);
  const saved = useMemo(() => draftOf(course?.rows ?? []), [course]);
  const [draft, setDraft] = useState<Draft>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(saved), [saved]);

  const now = useMemo(() => currentDate(), []);
  const limits = courseDateLimits(now);
  const rows = (course?.rows ?? []).map((r) => ({ ...r, ...draft[r.moduleId] }));
  const issues = validateCourseDates(plannedRows(rows), now);
  const changed = rows.filter((r) => r.start !== saved[r.moduleId]?.start || r.end !== saved[r.moduleId]?.end);
  const classManaged = course?.classManaged ?? false;

  const messagesFor = (moduleId: number, field: CourseDateField) =>
    issues.filter((i) => i.module_id === moduleId && i.field === field).map((i) => i.message);

  const update = async () => {
    setSaving(true);
    try {
      await updateCourseDates(
        scope,
        changed.map((r) => ({ moduleId: r.moduleId, start: r.start, end: r.end })),
      );
      // Offline the change waits on the device: said in the app's words for that, never "Success".
      if (navigator.onLine) notify({ type: "success", title: "Success", text: COURSE_DATES_UPDATED_MESSAGE });
      else notify({ type: "info", title: "Course dates saved", text: SAVED_ON_DEVICE });
      onClose();
    } catch (err) {
      showError(err, { explains: [Error] });
    } finally {
      setSaving(false);
    }
  };

  const setField = (moduleId: number, field: CourseDateField, value: string) =>
    setDraft((d) => ({ ...d, [moduleId]: { ...(d[moduleId] ?? { start: "", end: "" }), [field]: value } }));

  return (
    <>
      <div className="p-5 sm:p-6">
        <Heading slot="title" className="text-lg font-semibold">
          Edit course dates
        </Heading>
        {course === undefined ? (
          <p className="mt-3 text-sm text-slate-500">Loading…</p>
        ) : rows.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600" data-testid="no-course-dates">
            {NO_COURSE_DATES_TEXT}
          </p>
        ) : (
          <>
            {classManaged ? (
              <p className="mt-2 text-sm text-slate-600">Your course dates are managed for your class.</p>
            ) : null}
            <CourseDatesTable
              rows={rows}
              syllabusName={course?.syllabusName ?? ""}
              limits={limits}
              errorsFor={messagesFor}
              lockedTooltip={
                classManaged
                  ? (field) => (field === "start" ? CLASS_MANAGED_START_TOOLTIP : CLASS_MANAGED_END_TOOLTIP)
                  : undefined
              }
              onChange={setField}
            />
          </>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 px-5 py-4 sm:px-6">
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
        {rows.length > 0 && !classManaged ? (
          <>
            <Button variant="secondary" onPress={() => setDraft(saved)} disabled={changed.length === 0 || saving}>
              Revert
            </Button>
            <Button
              onPress={() => void update()}
              disabled={issues.length > 0 || changed.length === 0 || saving}
              testId="course-dates-update"
            >
              Update
            </Button>
          </>
        ) : null}
      </div>
    </>
  );
}

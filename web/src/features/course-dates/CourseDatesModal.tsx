import {
  CLASS_MANAGED_END_TOOLTIP,
  CLASS_MANAGED_START_TOOLTIP,
  COURSE_DATES_UPDATED_MESSAGE,
  type CourseDateField,
  courseDateLimits,
  NO_COURSE_DATES_TEXT,
  validateCourseDates,
} from "@preflight/sync-protocol";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useState } from "react";
import {
  Button as AriaButton,
  Modal as AriaModal,
  Dialog,
  Heading,
  ModalOverlay,
  OverlayArrow,
  Tooltip,
  TooltipTrigger,
} from "react-aria-components";
import { useErrorNotice } from "../../app/error-notice.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { type CourseRow, plannedRows, readCourse, updateCourseDates } from "../../local/actions/course-dates.ts";
import { currentDate } from "../../platform.ts";
import { Button } from "../../ui/Button.tsx";
import { DateField as DayField } from "../../ui/DateField.tsx";
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
            {/* A table from a tablet up; on a phone each module is a block with its two dates. */}
            <table className="mt-4 w-full text-left text-sm">
              <thead className="sr-only sm:not-sr-only sm:table-header-group">
                <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                  <th className="py-2 pr-3 font-medium">Syllabus</th>
                  <th className="py-2 pr-3 font-medium">Module</th>
                  <th className="py-2 pr-3 font-medium">Start date</th>
                  <th className="py-2 font-medium">End date</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={row.moduleId}
                    className="block border-b border-slate-100 py-3 align-top sm:table-row sm:py-0"
                    data-testid="course-date-row"
                  >
                    <td className="hidden py-3 pr-3 text-slate-600 sm:table-cell">{course?.syllabusName}</td>
                    <td className="block pb-2 font-medium sm:table-cell sm:py-3 sm:pr-3">{row.title}</td>
                    {(["start", "end"] as const).map((field) => (
                      <td
                        key={field}
                        className={`block py-1 sm:table-cell sm:py-3 ${field === "start" ? "sm:pr-3" : ""}`}
                      >
                        <DateField
                          label={`${row.title} ${field === "start" ? "start date" : "end date"}`}
                          shortLabel={field === "start" ? "Start date" : "End date"}
                          testId={`course-date-${row.moduleId}-${field}`}
                          value={row[field]}
                          min={limits.min}
                          max={limits.max}
                          lockedTooltip={
                            classManaged
                              ? field === "start"
                                ? CLASS_MANAGED_START_TOOLTIP
                                : CLASS_MANAGED_END_TOOLTIP
                              : null
                          }
                          errors={messagesFor(row.moduleId, field)}
                          onChange={(value) => setField(row.moduleId, field, value)}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
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

/**
 * One date of a module: the app's dd/mm/yyyy field (ISO in and out), its messages under it; for
 * a class's student locked, with the reason behind a lock button. `shortLabel` is what a phone,
 * without the table's header, shows above it.
 */
function DateField({
  label,
  shortLabel,
  testId,
  value,
  min,
  max,
  lockedTooltip,
  errors,
  onChange,
}: {
  label: string;
  shortLabel: string;
  testId: string;
  value: string;
  min: string;
  max: string;
  lockedTooltip: string | null;
  errors: string[];
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <span className="mb-1 block text-xs font-medium text-slate-600 sm:hidden" aria-hidden>
        {shortLabel}
      </span>
      <div className="flex items-start gap-1.5">
        <div className="min-w-0 flex-1">
          <DayField
            label={label}
            hideLabel
            value={value}
            min={min}
            max={max}
            name={testId}
            testId={testId}
            isDisabled={lockedTooltip !== null}
            errorMessage={errors.length > 0 ? errors.join(" ") : undefined}
            onChange={onChange}
          />
        </div>
        {lockedTooltip ? (
          <TooltipTrigger delay={150}>
            <AriaButton
              aria-label={lockedTooltip}
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-600 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500"
              data-testid="class-managed-lock"
            >
              <svg viewBox="0 0 20 20" className="h-4 w-4 fill-current" aria-hidden="true">
                <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4Zm-2 6V6a2 2 0 1 1 4 0v2H8Z" />
              </svg>
            </AriaButton>
            <Tooltip
              placement="top"
              offset={8}
              className="max-w-xs rounded-md bg-neutral-900 px-3 py-2 text-sm text-white shadow-lg"
            >
              <OverlayArrow>
                <svg width={8} height={8} viewBox="0 0 8 8" className="fill-slate-900" aria-hidden="true">
                  <path d="M0 0 L4 4 L8 0" />
                </svg>
              </OverlayArrow>
              {lockedTooltip}
            </Tooltip>
          </TooltipTrigger>
        ) : null}
      </div>
    </div>
  );
}

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
import { Button } from "../../ui/Modal.tsx";
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
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
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
      notify({ type: "success", title: "Success", text: COURSE_DATES_UPDATED_MESSAGE });
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
      <div className="p-6">
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
            <div className="mt-4 overflow-x-auto">
              <table className="w-full min-w-[560px] text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
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
                      className="border-b border-slate-100 align-top"
                      data-testid="course-date-row"
                    >
                      <td className="py-3 pr-3 text-slate-600">{course?.syllabusName}</td>
                      <td className="py-3 pr-3 font-medium">{row.title}</td>
                      {(["start", "end"] as const).map((field) => (
                        <td key={field} className={`py-3 ${field === "start" ? "pr-3" : ""}`}>
                          <DateField
                            label={`${row.title} ${field === "start" ? "start date" : "end date"}`}
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
            </div>
          </>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 px-6 py-4">
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

function DateField({
  label,
  value,
  min,
  max,
  lockedTooltip,
  errors,
  onChange,
}: {
  label: string;
  value: string;
  min: string;
  max: string;
  lockedTooltip: string | null;
  errors: string[];
  onChange: (value: string) => void;
}) {
  const invalid = errors.length > 0;
  return (
    <div>
      <div className="flex items-center gap-1.5">
        <input
          type="date"
          aria-label={label}
          value={value}
          min={min}
          max={max}
          disabled={lockedTooltip !== null}
          title={lockedTooltip ?? undefined}
          aria-invalid={invalid}
          onChange={(e) => onChange(e.target.value)}
          className={`w-full rounded-md border px-2 py-1.5 text-sm disabled:bg-slate-100 disabled:text-slate-500 ${invalid ? "border-red-500 bg-red-50" : "border-slate-300"}`}
        />
        {lockedTooltip ? (
          <TooltipTrigger delay={150}>
            <AriaButton
              aria-label={lockedTooltip}
              className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-slate-500 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500"
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
      {errors.map((message) => (
        <p key={message} className="mt-1 text-xs text-red-700" role="alert">
          {message}
        </p>
      ))}
    </div>
  );
}

/**
 * The class's Course dates tab (issue 20), loaded the first time it is opened: the class's dates
 * read from the server (kept on the device like the school area's other pages, for a look
 * offline) around the pure ClassCourseDatesView. Update sends the syllabus's dates with
 * PUT /school/classes/{class_id}/course-dates; the server's message says it worked (spec study
 * 8: success shows the server message, failure the message), and its reply is what shows next.
 */
import { schoolRoutes } from "@preflight/sync-protocol/routes/school";
import type {
  ClassCourseDatesReply,
  ClassCourseDatesUpdate,
} from "@preflight/sync-protocol/schemas/school-course-dates";
import { useMemo } from "react";
import { useErrorNotice } from "../../app/error-notice.ts";
import { SchoolViewNotices, useSchoolView } from "../../app/school-view.tsx";
import { call } from "../../local/api.ts";
import { schoolViewKey } from "../../local/school/kept-views.ts";
import { currentDate } from "../../platform.ts";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { ClassCourseDatesView } from "./ClassCourseDatesView.tsx";

/** Said when Update finds no connection. */
export const SAVE_NEEDS_CONNECTION =
  "The course dates could not be saved: this device is offline. Try again once you are online.";

export function ClassCourseDatesPanel({ classId, onSaved }: { classId: string; onSaved?: () => void }) {
  const { notify } = useSnackbar();
  const showError = useErrorNotice();
  const now = useMemo(() => currentDate(), []);
  const { view, replace } = useSchoolView<ClassCourseDatesReply>(schoolViewKey({ classId, part: "course-dates" }), () =>
    call(schoolRoutes.classCourseDates, { params: { class_id: classId }, globalPolicy: false }),
  );

  const save = async (body: ClassCourseDatesUpdate): Promise<boolean> => {
    try {
      const {
        success: _,
        message,
        ...dates
      } = await call(schoolRoutes.updateClassCourseDates, {
        params: { class_id: classId },
        body,
      });
      await replace(dates);
      notify({ type: "success", title: "Success", text: message });
      onSaved?.();
      return true;
    } catch (err) {
      showError(err, { offline: SAVE_NEEDS_CONNECTION });
      return false;
    }
  };

  return (
    <div className="space-y-4" data-testid="class-course-dates-panel">
      <SchoolViewNotices view={view} what="the class's course dates" />
      {view.state === "shown" ? <ClassCourseDatesView reply={view.reply} now={now} onSave={save} /> : null}
    </div>
  );
}

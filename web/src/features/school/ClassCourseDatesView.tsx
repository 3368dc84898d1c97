/**
 * A class's course dates as its instructor edits them (issue 20), pure: one card per syllabus the
 * class's students study, with every module's start and end in the course dates table the
 * student's modal uses (ui/CourseDatesTable.tsx), checked as the instructor types with the rule
 * the server and the student's editor apply (course-dates-model.ts). Update is offered while
 * something changed and the rule finds nothing; Revert puts back the class's dates. Saving is the
 * caller's (`onSave`, true when the server took the dates).
 */
import { courseDateLimits } from "@preflight/sync-protocol/rules/course-dates";
import type {
  ClassCourse,
  ClassCourseDatesReply,
  ClassCourseDatesUpdate,
} from "@preflight/sync-protocol/schemas/school-course-dates";
import { useState } from "react";
import { Button } from "../../ui/Button.tsx";
import { CourseDatesTable } from "../../ui/CourseDatesTable.tsx";
import { Card } from "../../ui/Page.tsx";
import { type Draft, reachText, syllabusDatesState, withDate } from "./course-dates-model.ts";

export function ClassCourseDatesView({
  reply,
  now,
  onSave,
}: {
  reply: ClassCourseDatesReply;
  now: Date;
  onSave: (body: ClassCourseDatesUpdate) => Promise<boolean>;
}) {
  if (reply.course.length === 0)
    return (
      <Card testId="class-course-dates-none">
        <p className="text-slate-700">
          No student of this class studies a syllabus yet: the course dates are set per syllabus, once a student studies
          one.
        </p>
      </Card>
    );
  return (
    <div className="space-y-4">
      {reply.course.map((course) => (
        <SyllabusDates key={course.syllabus_id} course={course} now={now} onSave={onSave} />
      ))}
    </div>
  );
}

function SyllabusDates({
  course,
  now,
  onSave,
}: {
  course: ClassCourse;
  now: Date;
  onSave: (body: ClassCourseDatesUpdate) => Promise<boolean>;
}) {
  const [draft, setDraft] = useState<Draft>({});
  const [saving, setSaving] = useState(false);
  const { rows, issues, changed, body } = syllabusDatesState(course, draft, now);
  const limits = courseDateLimits(now);

  const save = async () => {
    if (!body) return;
    setSaving(true);
    try {
      if (await onSave(body)) setDraft({});
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={course.syllabus_name} testId="class-course-dates">
      <p className="text-sm text-slate-600">{reachText(course.students)}</p>
      <CourseDatesTable
        rows={rows}
        limits={limits}
        caption={`Course dates of ${course.syllabus_name}`}
        errorsFor={(moduleId, field) =>
          issues.filter((i) => i.module_id === moduleId && i.field === field).map((i) => i.message)
        }
        onChange={(moduleId, field, value) => setDraft((d) => withDate(course, d, moduleId, field, value))}
      />
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onPress={() => setDraft({})} disabled={!changed || saving}>
          Revert
        </Button>
        <Button onPress={() => void save()} disabled={body === null || saving} testId="class-course-dates-update">
          {saving ? "Updating…" : "Update"}
        </Button>
      </div>
    </Card>
  );
}

/**
 * The device's side of the mutation catalogue: every template of `MUTATIONS` is queued by one
 * device intent, and each queued body is what the catalogue's schema (and so the server) takes.
 */
import "fake-indexeddb/auto";
import { type MutationTemplate, resolveCall } from "@preflight/sync-protocol/mutation-templates";
import { MUTATIONS } from "@preflight/sync-protocol/mutations";
import { beforeEach, describe, expect, it } from "vitest";
import { multipleChoice, pulledProfile, resetDatabases, STUDENT, signedInScope } from "../test-support.ts";
import { resetProgress } from "./analysis.ts";
import { updateCourseDates } from "./course-dates.ts";
import { recordLessonPage } from "./lesson.ts";
import { updateEmailPreferences, updateProfile } from "./profile.ts";
import { markReviewed, reportSeenInExam, saveNote, setZoom, toggleFlag, unflagAll } from "./question.ts";
import { reportQuestionError, saveTestComment } from "./question-comments.ts";
import { setReviewMark } from "./review-marks.ts";
import { createTest, finishTest, saveAnswer } from "./test.ts";

const PROFILE = pulledProfile({
  preferences: [{ id: 1, type: "product_news", text: "News" }],
});

describe("the mutation catalogue on the device", () => {
  beforeEach(resetDatabases);

  it("[OB5][OB11] every catalogue call is queued by a device intent, with a body its schema takes", async () => {
    const scope = await signedInScope();
    const { db } = scope;
    await db.questions.bulkPut([multipleChoice(1)]);
    await db.meta.bulkPut([
      { key: "profile", value: PROFILE },
      { key: "syllabus", value: { id: 3, title: "ATPL(A) 2020" } },
    ]);
    await db.modules.put({
      id: 301,
      title: "Air Law",
      position: 1,
      prerequisite_module_id: null,
      parts: [],
      restrictions: {},
    });
    await db.courseDates.put({ moduleId: 301, start: "2026-12-01", end: "2027-01-29" });
    await db.lessons.put({ id: 7, subject: "010", code: "010.01", title: "L", learning_objectives: [], page_count: 3 });

    const test = await createTest(scope, {
      test_type: "practice",
      title: "P",
      count: 1,
      display_answers: "after_test",
      seed: 1,
    });
    await saveAnswer(scope, test.id, 1, [101]);
    await finishTest(scope, test.id);
    const exam = await createTest(scope, {
      test_type: "timed",
      title: "Mock exam",
      count: 1,
      display_answers: "after_test",
      time_limit: 60,
      seed: 1,
    });
    await saveTestComment(scope, exam.id, 1, "Two answers look right.");
    await reportQuestionError(scope, {
      questionId: 1,
      questionVersion: 1,
      category: "typo",
      description: "Spelt wrong.",
    });
    await toggleFlag(scope, 1);
    await unflagAll(scope);
    await saveNote(scope, 1, "A note of my own");
    await setReviewMark(scope, 1, true);
    await reportSeenInExam(scope, 1, "2026-11", "all_easa");
    await markReviewed(scope, test.id, 1, 1);
    await setZoom(scope, 1.8);
    await recordLessonPage(scope, 7, 2);
    await updateCourseDates(scope, [{ moduleId: 301, start: "2026-12-02", end: "2027-01-29" }]);
    await updateProfile(scope, { firstname: "Samantha", lastname: "Student", email: STUDENT.email });
    await updateEmailPreferences(scope, [1]);
    await resetProgress(scope, "010");

    const queued = new Set<MutationTemplate>();
    for (const entry of await db.outbox.orderBy("seq").toArray()) {
      const resolved = resolveCall(entry.call);
      expect(resolved, entry.call).not.toBeNull();
      if (!resolved) continue;
      expect(MUTATIONS[resolved.template].safeParse(entry.body).success, entry.call).toBe(true);
      queued.add(resolved.template);
    }
    expect([...queued].sort()).toEqual(Object.keys(MUTATIONS).sort());
  });
});

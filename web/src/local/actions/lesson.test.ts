import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabases, signedInScope } from "../test-support.ts";
import { LessonPageError, recordLessonPage } from "./lesson.ts";

describe("lesson progress", () => {
  beforeEach(resetDatabases);

  async function withLesson() {
    const scope = await signedInScope();
    await scope.db.lessons.put({
      id: 7,
      subject: "010",
      code: "010.01",
      title: "Lesson 7",
      learning_objectives: [],
      page_count: 3,
    });
    return scope;
  }
  const calls = async (scope: Awaited<ReturnType<typeof signedInScope>>) =>
    (await scope.db.outbox.orderBy("seq").toArray()).map((e) => [e.call, e.body]);

  it("[OB1] keeps the highest page opened and queues it in one transaction; complete on the last page", async () => {
    const scope = await withLesson();
    expect(await recordLessonPage(scope, 7, 2)).toMatchObject({ lessonId: 7, page: 2, completed: false });
    expect(await recordLessonPage(scope, 7, 3)).toMatchObject({ page: 3, completed: true });
    expect(await scope.db.lessonProgress.get(7)).toMatchObject({ page: 3, completed: true });
    expect(await calls(scope)).toEqual([
      ["POST /api/lesson/progress", { lesson_id: 7, page: 2 }],
      ["POST /api/lesson/progress", { lesson_id: 7, page: 3 }],
    ]);
    expect(scope.nudges).toBe(2);
  });

  it("[OB8] a page already read changes nothing and queues nothing", async () => {
    const scope = await withLesson();
    await recordLessonPage(scope, 7, 2);
    expect(await recordLessonPage(scope, 7, 1)).toBeNull();
    expect(await recordLessonPage(scope, 7, 2)).toBeNull();
    expect(await scope.db.outbox.count()).toBe(1);
    expect(scope.nudges).toBe(1);
  });

  it("[OB3] refuses a page the lesson does not have, or a lesson not on the device, writing nothing", async () => {
    const scope = await withLesson();
    await expect(recordLessonPage(scope, 7, 4)).rejects.toBeInstanceOf(LessonPageError);
    await expect(recordLessonPage(scope, 7, 4)).rejects.toMatchObject({ reason: "page_out_of_range" });
    await expect(recordLessonPage(scope, 7, 0)).rejects.toMatchObject({
      reason: "invalid_page",
      message: "page must be a whole number from 1: 0",
    });
    await expect(recordLessonPage(scope, 99, 1)).rejects.toMatchObject({
      reason: "lesson_not_on_device",
      message: "Lesson 99 is not on this device",
    });
    expect(await scope.db.lessonProgress.count()).toBe(0);
    expect(await scope.db.outbox.count()).toBe(0);
  });
});

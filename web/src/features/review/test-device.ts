/** The review queue's tests' device (queries.test.ts, queries-marks.test.ts). */
import { multipleChoice, practiceOf, signedInScope } from "../../local/test-support.ts";

/** The right and the wrong option of a test-support multiple-choice question. */
export const RIGHT = (id: number) => [id * 100 + 1];
export const WRONG = (id: number) => [id * 100 + 2];

/** A device with three questions of two subjects and a practice test of them, shown as answered. */
export async function deviceWithBank() {
  const scope = await signedInScope();
  await scope.db.questions.bulkPut([
    { ...multipleChoice(1), subject: "071" },
    { ...multipleChoice(2), subject: "062" },
    { ...multipleChoice(3), subject: "071" },
  ]);
  await scope.db.meta.put({
    key: "subjects",
    value: [
      { code: "062", title: "Radio navigation" },
      { code: "071", title: "Operational procedures" },
    ],
  });
  const test = await practiceOf(scope, [1, 2, 3], { display_answers: "after_choice" });
  return { scope, test };
}

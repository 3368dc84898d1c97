import "fake-indexeddb/auto";
import type { CoverageNode } from "@preflight/sync-protocol/rules/objective-coverage";
import type { LearningObjective } from "@preflight/sync-protocol/schemas/content";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetProgress } from "../actions/analysis.ts";
import { saveAnswer } from "../actions/test.ts";
import { buildPracticeIndex } from "../content/practice-index.ts";
import { cursorKey } from "../pull/steps/cursor.ts";
import { multipleChoice, practiceOf, resetDatabases, signedInScope } from "../test-support.ts";
import { keptCoverageKey, readObjectiveCoverage } from "./objectives.ts";

const RIGHT = (id: number) => [id * 100 + 1];
const WRONG = (id: number) => [id * 100 + 2];
const FIRST = "010.01.01.01.01";
const objective = (code: string, text: string, courses: string[] = []): LearningObjective => ({
  code,
  text,
  subject: "010",
  courses,
});
const SECOND = "010.01.01.01.02";

type Scope = Awaited<ReturnType<typeof signedInScope>>;

/** What the device keeps of a subject (objectives.ts `KeptCoverage`), as far as these tests plant it. */
interface Kept {
  history: { ids: Int32Array; at: Float64Array; correct: Uint8Array };
  drawn: { course: string | null; title: string; tree: CoverageNode } | null;
}

describe("learning-objective coverage on the device", () => {
  beforeEach(resetDatabases);
  // A read keeps what it drew a turn later (objectives.ts `keep`): a test's last read must not
  // keep it into the next test's device, which has the same account's database.
  let device: Scope | null = null;
  afterEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await device?.db.meta.count();
    device = null;
  });

  /**
   * Four Air Law questions under two objectives (and one Meteorology question), indexed as
   * installing the bank does.
   */
  async function deviceWithBank() {
    const scope = await signedInScope();
    device = scope;
    await scope.db.questions.bulkPut([
      ...[1, 2, 3, 4].map((id) => ({
        ...multipleChoice(id),
        subject: "010",
        learning_objectives: id <= 2 ? [FIRST] : [SECOND],
      })),
      { ...multipleChoice(5), subject: "050", learning_objectives: ["050.01.01.01.01"] },
    ]);
    await scope.db.meta.put({
      key: "subjects",
      value: [
        { code: "010", title: "Air Law" },
        { code: "050", title: "Meteorology" },
      ],
    });
    await buildPracticeIndex(scope.db);
    const open = (from = [1, 2, 3, 4]) => practiceOf(scope, from);
    return { scope, open };
  }

  const read = async (scope: Scope, subject = "010") => {
    const coverage = await readObjectiveCoverage(scope.db, subject);
    if (coverage.state !== "ready") throw new Error(`not ready: ${coverage.state}`);
    return coverage.tree;
  };
  const kept = async (scope: Scope, subject = "010") =>
    (await scope.db.meta.get(keptCoverageKey(subject)))?.value as Kept | undefined;
  /** Reads, then waits for what the read keeps (written once the read is over). */
  const readAndKeep = async (scope: Scope, subject = "010") => {
    const tree = await read(scope, subject);
    await expect.poll(async () => (await kept(scope, subject))?.drawn?.tree).toEqual(tree);
    return tree;
  };
  /** The figures computed from every answer, nothing kept. */
  const computed = async (scope: Scope, subject = "010") => {
    await scope.db.meta.delete(keptCoverageKey(subject));
    return read(scope, subject);
  };
  const node = (tree: CoverageNode, code: string): CoverageNode | undefined =>
    tree.code === code ? tree : tree.children.map((c) => node(c, code)).find((n) => n !== undefined);

  it("counts answered and right at every node, the latest answer of a question counting", async () => {
    const { scope, open } = await deviceWithBank();
    const first = await open();
    await saveAnswer(scope, first.id, 1, WRONG(1));
    await saveAnswer(scope, first.id, 3, RIGHT(3));
    const second = await open();
    await saveAnswer(scope, second.id, 1, RIGHT(1));
    const tree = await read(scope);
    expect(tree).toMatchObject({ questions: 4, answered: 2, correct: 2, rate: 100 });
  });

  it("counts answers saved here on the kept tree as computing it from every answer would", async () => {
    const { scope, open } = await deviceWithBank();
    const first = await open();
    const second = await open();
    // Each step's answers are saved between two reads.
    const steps: [string, number, number[]][][] = [
      [[first.id, 1, WRONG(1)]],
      [[first.id, 2, RIGHT(2)]],
      [[first.id, 1, RIGHT(1)]], // changed in the same test
      [[second.id, 2, WRONG(2)]],
      [[second.id, 4, RIGHT(4)]],
      [[first.id, 3, WRONG(3)]],
      [
        [first.id, 4, WRONG(4)],
        [second.id, 3, RIGHT(3)],
        [first.id, 3, WRONG(3)], // 3: wrong, right, wrong again, in one step
      ],
    ];
    for (const step of steps) {
      const before = await readAndKeep(scope);
      for (const [testId, questionId, given] of step) await saveAnswer(scope, testId, questionId, given);
      const after = await read(scope);
      expect(after).not.toEqual(before);
      expect(after).toEqual(await computed(scope));
    }
  });

  it("an answer to another subject's question leaves the subject's figures as they were", async () => {
    const { scope, open } = await deviceWithBank();
    const test = await open([1, 5]);
    await saveAnswer(scope, test.id, 1, RIGHT(1));
    const before = await readAndKeep(scope);
    await saveAnswer(scope, test.id, 5, RIGHT(5));
    expect(await read(scope)).toEqual(before);
    expect(await read(scope, "050")).toMatchObject({ questions: 1, answered: 1, correct: 1 });
  });

  it("reads the kept tree while nothing changed (a planted one shows which is read)", async () => {
    const { scope, open } = await deviceWithBank();
    const test = await open();
    await saveAnswer(scope, test.id, 1, WRONG(1));
    const tree = await readAndKeep(scope);
    expect(tree).toMatchObject({ answered: 1, correct: 0 });
    const row = (await kept(scope)) as Kept;
    const drawn = row.drawn as NonNullable<Kept["drawn"]>;
    await scope.db.meta.put({
      key: keptCoverageKey("010"),
      value: { ...row, drawn: { ...drawn, tree: { ...drawn.tree, correct: 1 } } },
    });
    expect(await read(scope)).toMatchObject({ answered: 1, correct: 1 });
  });

  it("a new answer saved here is counted again on the kept tree (a figure planted elsewhere stays)", async () => {
    const { scope, open } = await deviceWithBank();
    const test = await open();
    await saveAnswer(scope, test.id, 1, WRONG(1));
    await readAndKeep(scope);
    const row = (await kept(scope)) as Kept;
    const drawn = row.drawn as NonNullable<Kept["drawn"]>;
    (node(drawn.tree, FIRST) as CoverageNode).questions = 99;
    await scope.db.meta.put({ key: keptCoverageKey("010"), value: { ...row, drawn } });

    await saveAnswer(scope, test.id, 3, RIGHT(3));
    let tree = await readAndKeep(scope);
    expect(tree).toMatchObject({ answered: 2, correct: 1, rate: 50 });
    expect(node(tree, SECOND)).toMatchObject({ questions: 2, answered: 1, correct: 1, rate: 100 });
    expect(node(tree, FIRST)).toMatchObject({ questions: 99, answered: 1, correct: 0, rate: 0 });

    // Changed in the same test: wrong, then right.
    await saveAnswer(scope, test.id, 1, RIGHT(1));
    tree = await read(scope);
    expect(tree).toMatchObject({ answered: 2, correct: 2, rate: 100 });
    expect(node(tree, FIRST)).toMatchObject({ questions: 99, answered: 1, correct: 1, rate: 100 });
  });

  it("a progress reset shows up, and answers after it count", async () => {
    const { scope, open } = await deviceWithBank();
    const test = await open();
    await saveAnswer(scope, test.id, 1, RIGHT(1));
    await saveAnswer(scope, test.id, 3, WRONG(3));
    expect(await readAndKeep(scope)).toMatchObject({ answered: 2, correct: 1 });
    await resetProgress(scope, "010");
    expect(await readAndKeep(scope)).toMatchObject({ answered: 0, correct: 0, rate: null });
    await saveAnswer(scope, test.id, 2, RIGHT(2));
    expect(await read(scope)).toMatchObject({ answered: 1, correct: 1 });
    expect(await read(scope)).toEqual(await computed(scope));
  });

  it("a content update shows up: the bank's new question and an objective's new text", async () => {
    const { scope, open } = await deviceWithBank();
    const pack = { subject: "010", title: "Air Law", version: 1, packId: "p1", sha256: "a", appliedAt: "" };
    await scope.db.installedPacks.put(pack);
    await scope.db.learningObjectives.put({
      subject: "010",
      objectives: [objective(FIRST, "Old text")],
    });
    await buildPracticeIndex(scope.db);
    const test = await open();
    await saveAnswer(scope, test.id, 1, RIGHT(1));
    expect(node(await readAndKeep(scope), FIRST)?.title).toBe("Old text");

    // A newer pack: one more question, under a third objective, and the first objective reworded.
    await scope.db.transaction(
      "rw",
      [scope.db.installedPacks, scope.db.questions, scope.db.learningObjectives],
      async () => {
        await scope.db.installedPacks.put({ ...pack, version: 2, sha256: "b" });
        await scope.db.questions.put({
          ...multipleChoice(6),
          subject: "010",
          learning_objectives: ["010.01.01.01.03"],
        });
        await scope.db.learningObjectives.put({
          subject: "010",
          objectives: [objective(FIRST, "New text")],
        });
      },
    );
    expect((await readObjectiveCoverage(scope.db, "010")).state).toBe("no-index");
    await buildPracticeIndex(scope.db);
    const tree = await read(scope);
    expect(tree).toMatchObject({ questions: 5, answered: 1, correct: 1 });
    expect(node(tree, FIRST)?.title).toBe("New text");
    expect(node(tree, "010.01.01.01.03")).toMatchObject({ questions: 1, answered: 0 });
  });

  it("records pulled since compute it again (a planted tree is not read)", async () => {
    const { scope, open } = await deviceWithBank();
    const test = await open();
    await saveAnswer(scope, test.id, 1, WRONG(1));
    await readAndKeep(scope);
    const row = (await kept(scope)) as Kept;
    const drawn = row.drawn as NonNullable<Kept["drawn"]>;
    await scope.db.meta.bulkPut([
      { key: keptCoverageKey("010"), value: { ...row, drawn: { ...drawn, tree: { ...drawn.tree, correct: 1 } } } },
      { key: cursorKey("user"), value: "7" },
    ]);
    expect(await read(scope)).toMatchObject({ answered: 1, correct: 0 });
  });

  it("another course draws the tree again from the kept history, with that course's objectives", async () => {
    const { scope, open } = await deviceWithBank();
    const PPL_ONLY = "010.01.01.01.09";
    await scope.db.learningObjectives.put({
      subject: "010",
      objectives: [objective(FIRST, "First", ["ATPL(A)", "PPL(A)"]), objective(PPL_ONLY, "PPL only", ["PPL(A)"])],
    });
    await scope.db.meta.put({ key: "syllabus", value: { licence: "ATPL(A)" } });
    const test = await open();
    await saveAnswer(scope, test.id, 1, WRONG(1));
    expect(node(await readAndKeep(scope), PPL_ONLY)).toBeUndefined();
    const row = (await kept(scope)) as Kept;
    await scope.db.meta.put({
      key: keptCoverageKey("010"),
      value: { ...row, history: { ...row.history, correct: Uint8Array.of(1) } },
    });
    await scope.db.meta.put({ key: "syllabus", value: { licence: "PPL(A)" } });
    const tree = await read(scope);
    expect(node(tree, PPL_ONLY)).toMatchObject({ title: "PPL only", questions: 0 });
    expect(tree).toMatchObject({ answered: 1, correct: 1 });
  });

  it("computing again keeps every subject's history: another subject draws from it", async () => {
    const { scope, open } = await deviceWithBank();
    await scope.db.meta.put({ key: "objectiveHistory", value: { ids: new Int32Array() } });
    const test = await open([1, 5]);
    await saveAnswer(scope, test.id, 1, RIGHT(1));
    await saveAnswer(scope, test.id, 5, WRONG(5));
    await readAndKeep(scope);
    const other = (await kept(scope, "050")) as Kept;
    expect(other).toMatchObject({ drawn: null, history: { ids: Int32Array.of(5), correct: Uint8Array.of(0) } });
    // An older version's single history of every subject is removed.
    expect(await scope.db.meta.get("objectiveHistory")).toBeUndefined();
    await scope.db.meta.put({
      key: keptCoverageKey("050"),
      value: { ...other, history: { ...other.history, correct: Uint8Array.of(1) } },
    });
    expect(await read(scope, "050")).toMatchObject({ answered: 1, correct: 1 });
  });
});

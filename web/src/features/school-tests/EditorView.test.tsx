// @vitest-environment jsdom
import type { FixedTestDraft, SchoolQuestionsReply } from "@preflight/sync-protocol/schemas/school-tests";
import { SCHOOL_TEST_MESSAGES } from "@preflight/sync-protocol/schemas/school-tests";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiCallError } from "../../local/api.ts";
import { EditorView } from "./EditorView.tsx";
import { formOfTest, NEW_TEST_FORM } from "./model.ts";
import type { QuestionSearch } from "./QuestionPicker.tsx";
import { AIR_LAW_EXAM, CLASSES, question } from "./school-tests.mock.ts";

afterEach(cleanup);

const FOUND: SchoolQuestionsReply = {
  questions: [question(7), question(8, { syllabus_code: "010.03.01" }), question(9)],
  total: 120,
};

function renderEditor(over: Partial<Parameters<typeof EditorView>[0]> = {}) {
  const save = vi.fn<(draft: FixedTestDraft) => Promise<void>>(async () => {});
  const search = vi.fn<(query: QuestionSearch) => Promise<SchoolQuestionsReply>>(async () => FOUND);
  render(
    <EditorView
      initial={NEW_TEST_FORM}
      editing={null}
      classes={CLASSES}
      subjects={[{ code: "010", title: "Air Law" }]}
      search={search}
      save={save}
      cancel={<a href="/school/tests">Cancel</a>}
      matchDelayMs={0}
      {...over}
    />,
  );
  return { save, search, user: userEvent.setup() };
}

const fieldError = (label: string) => {
  const box = screen.getByLabelText(label);
  const ids = box.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute("data-testid") === "field-error")
    ?.textContent;
};

describe("the fixed test editor", { timeout: 20_000 }, () => {
  it("checks the draft on the device: the schema's messages by their fields, nothing sent", async () => {
    const { save, user } = renderEditor();
    await user.type(screen.getByLabelText("Subject"), "10");
    await user.click(screen.getByTestId("test-save"));
    expect(fieldError("Title")).toBe(SCHOOL_TEST_MESSAGES.titleRequired);
    expect(fieldError("Subject")).toBe("subject is three digits, e.g. 010");
    expect(fieldError("Number of questions")).toBe("count must be a number");
    expect(screen.getByLabelText("Title")).toBe(document.activeElement);
    expect(screen.getByTestId("editor-check").textContent).toBe("Check the fields marked above.");
    expect(save).not.toHaveBeenCalled();
    // Editing a field drops its message.
    await user.type(screen.getByLabelText("Title"), "Air Law mock");
    expect(fieldError("Title")).toBeUndefined();
  });

  it("from the bank: says how many questions match and sends the subject, topic and count", async () => {
    const { save, search, user } = renderEditor();
    await user.type(screen.getByLabelText("Title"), "Air Law mock");
    await user.type(screen.getByLabelText("Subject"), "010");
    await waitFor(() => expect(screen.getByTestId("bank-matches").textContent).toMatch(/^120 questions match/));
    expect(search).toHaveBeenLastCalledWith({ subject: "010" });
    await user.type(screen.getByLabelText("Topic (optional)"), "010.03");
    await waitFor(() => expect(search).toHaveBeenLastCalledWith({ subject: "010", topic: "010.03" }));
    await user.type(screen.getByLabelText("Number of questions"), "20");
    await user.click(screen.getByTestId("test-timed"));
    await user.type(screen.getByLabelText("Minutes"), "45");
    await user.click(screen.getAllByTestId("test-class")[0] as HTMLElement);
    await user.click(screen.getByTestId("test-save"));
    expect(save).toHaveBeenCalledWith({
      title: "Air Law mock",
      questions: { kind: "filter", subject: "010", topic: "010.03", count: 20 },
      time_limit: 45,
      pass_percentage: 75,
      attempts: 0,
      password: null,
      hide_results: false,
      hide_answers: false,
      opens_at: null,
      closes_at: null,
      disabled_reason: null,
      class_ids: ["class-2026-a"],
    });
  });

  it("says on the device when the bank holds fewer questions than asked", async () => {
    const { user } = renderEditor({ search: async () => ({ questions: [], total: 12 }) });
    await user.type(screen.getByLabelText("Subject"), "010");
    await user.type(screen.getByLabelText("Number of questions"), "20");
    await waitFor(() => expect(fieldError("Number of questions")).toBe(SCHOOL_TEST_MESSAGES.tooFewQuestions(12)));
  });

  it("by hand: searches, ticks questions into the chosen list, removes one, and sends the ids in order", async () => {
    const { save, search, user } = renderEditor();
    await user.type(screen.getByLabelText("Title"), "Picked");
    await user.click(screen.getByTestId("questions-list"));
    await user.type(screen.getByLabelText("Subject"), "010");
    await user.type(screen.getByLabelText("Containing (optional)"), "licence{Enter}");
    expect(search).toHaveBeenCalledWith({ subject: "010", contains: "licence" });
    expect(await screen.findByTestId("question-results-count")).toHaveProperty(
      "textContent",
      "The first 3 of 120 questions: add words or a topic to find the others.",
    );
    const found = screen.getAllByTestId("question-result");
    await user.click(found[2] as HTMLElement);
    await user.click(found[0] as HTMLElement);
    await user.click(found[1] as HTMLElement);
    const chosen = () => screen.getAllByTestId("chosen-question").map((li) => within(li).getByText(/^AL-/).textContent);
    expect(chosen()).toEqual(["AL-9", "AL-7", "AL-8"]);
    await user.click(screen.getByRole("button", { name: "Remove question AL-7" }));
    expect(chosen()).toEqual(["AL-9", "AL-8"]);
    await user.click(screen.getByTestId("test-save"));
    expect(save.mock.calls[0]?.[0].questions).toEqual({ kind: "list", question_ids: [9, 8] });
  });

  it("by hand with nothing chosen: the schema's message by the chosen list", async () => {
    const { save, user } = renderEditor();
    await user.type(screen.getByLabelText("Title"), "Picked");
    await user.click(screen.getByTestId("questions-list"));
    await user.click(screen.getByTestId("test-save"));
    expect(screen.getByText(SCHOOL_TEST_MESSAGES.noQuestions)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it("editing a test with a password: keep leaves it out, a new one is sent, remove sends null; never shown", async () => {
    const editing = { hasPassword: true };
    const { save, user } = renderEditor({ initial: formOfTest(AIR_LAW_EXAM), editing });
    expect(screen.getByRole("radio", { name: "Keep the current password" })).toHaveProperty("checked", true);
    expect(screen.queryByLabelText("New password")).toBeNull();
    await user.click(screen.getByTestId("test-save"));
    expect(save.mock.calls[0]?.[0]).not.toHaveProperty("password");
    expect(save.mock.calls[0]?.[0].questions).toEqual({ kind: "list", question_ids: [101, 102, 103] });

    await user.click(screen.getByTestId("password-set"));
    expect((screen.getByLabelText("New password") as HTMLInputElement).value).toBe("");
    await user.type(screen.getByLabelText("New password"), "abc");
    await user.click(screen.getByTestId("test-save"));
    expect(fieldError("New password")).toBe(SCHOOL_TEST_MESSAGES.passwordLength);
    await user.type(screen.getByLabelText("New password"), "d");
    await user.click(screen.getByTestId("test-save"));
    expect(save.mock.calls[1]?.[0].password).toBe("abcd");

    await user.click(screen.getByTestId("password-remove"));
    await user.click(screen.getByTestId("test-save"));
    expect(save.mock.calls[2]?.[0].password).toBeNull();
    expect(screen.getByTestId("test-save").textContent).toBe("Save changes");
  });

  it("shows the server's refusal in its words", async () => {
    const refusal = new ApiCallError(400, "bad_request", SCHOOL_TEST_MESSAGES.tooFewQuestions(3));
    const { user } = renderEditor({
      save: async () => {
        throw refusal;
      },
    });
    await user.type(screen.getByLabelText("Title"), "Air Law mock");
    await user.type(screen.getByLabelText("Subject"), "010");
    await user.type(screen.getByLabelText("Number of questions"), "5");
    await user.click(screen.getByTestId("test-save"));
    expect((await screen.findByTestId("editor-refused")).textContent).toBe(SCHOOL_TEST_MESSAGES.tooFewQuestions(3));
  });
});

// @vitest-environment jsdom
/**
 * The note editor on the device: a note is saved (and queued once) a moment after the student
 * stops typing, at once when they leave the field or the question, cleared with Undo, and a note
 * the pull brings shows unless the student is typing.
 */
import "fake-indexeddb/auto";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saveNote } from "../../local/actions/question.ts";
import { park, settle } from "../../local/outbox/sending.ts";
import { userDb } from "../../local/store/db.ts";
import { resetDatabases, STUDENT, signedInScope } from "../../local/test-support.ts";
import { SAVED_ON_DEVICE } from "../../ui/offline-words.ts";
import { renderSignedIn } from "../render-signed-in.tsx";
import { useSignedIn } from "../session-context.tsx";
import { NoteEditor, noteStatus, readNoteState } from "./NoteEditor.tsx";

const QUESTION = 10001;
const db = () => userDb(STUDENT.id);
const noteWrites = async () =>
  (await db().outbox.orderBy("seq").toArray())
    .filter((e) => e.call === "POST /api/question/note")
    .map((e) => (e.body as { text: string }).text);

/** The editor of one question, and a button that takes it off the page (the student moves on). */
function Harness() {
  const { scope } = useSignedIn();
  const [shown, setShown] = useState(true);
  return (
    <>
      {shown ? <NoteEditor scope={scope} questionId={QUESTION} showAllLink={false} /> : null}
      <button type="button" onClick={() => setShown(false)}>
        Next question
      </button>
    </>
  );
}

async function renderEditor() {
  renderSignedIn(STUDENT, () => <Harness />);
  const field = await screen.findByTestId("note-text");
  await waitFor(() => expect((field as HTMLTextAreaElement).disabled).toBe(false));
  return field as HTMLTextAreaElement;
}

describe("the note editor", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("saves once after the student stops typing, not at every key, and says where the note is", async () => {
    const field = await renderEditor();
    await userEvent.setup().type(field, "QNH");
    expect(screen.getByTestId("note-status").textContent).toBe("Saving…");
    expect(await noteWrites()).toEqual([]);
    await waitFor(async () => expect(await noteWrites()).toEqual(["QNH"]), { timeout: 3000 });
    await waitFor(() => expect(screen.getByTestId("note-status").textContent).toBe(SAVED_ON_DEVICE));
    expect(screen.getByTestId("note-count").textContent).toBe("3 / 2,000 characters");
    expect(await db().notes.get(QUESTION)).toMatchObject({ text: "QNH" });
  });

  it("saves at once when the student leaves the field, or the question, before the pause", async () => {
    const field = await renderEditor();
    const user = userEvent.setup();
    await user.type(field, "first");
    await user.tab();
    await waitFor(async () => expect(await noteWrites()).toEqual(["first"]));
    await user.type(field, " and more");
    await user.click(screen.getByRole("button", { name: "Next question" }));
    expect(screen.queryByTestId("note-text")).toBeNull();
    await waitFor(async () => expect(await noteWrites()).toEqual(["first", "first and more"]));
  });

  it("clears the note as a write of its own, and Undo writes the text back", async () => {
    await db().notes.put({ questionId: QUESTION, text: "to be cleared", updatedAt: "2026-11-21T09:00:00.000Z" });
    const field = await renderEditor();
    await waitFor(() => expect(field.value).toBe("to be cleared"));
    const user = userEvent.setup();
    await user.click(screen.getByTestId("note-clear"));
    await waitFor(async () => expect(await noteWrites()).toEqual([""]));
    expect(field.value).toBe("");
    expect(screen.getByTestId("note-status").textContent).toMatch(/^Note cleared/);
    await user.click(screen.getByTestId("note-undo"));
    await waitFor(async () => expect(await noteWrites()).toEqual(["", "to be cleared"]));
    expect(field.value).toBe("to be cleared");
    expect(screen.queryByTestId("note-undo")).toBeNull();
  });

  it("shows a note the pull brings, but never over what the student is typing", async () => {
    const field = await renderEditor();
    await act(() =>
      db().notes.put({ questionId: QUESTION, text: "from the laptop", updatedAt: "2026-11-21T09:00:00.000Z" }),
    );
    await waitFor(() => expect(field.value).toBe("from the laptop"));
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: "typing here" } });
    await act(() =>
      db().notes.put({ questionId: QUESTION, text: "newer from the laptop", updatedAt: "2026-11-21T09:01:00.000Z" }),
    );
    expect(field.value).toBe("typing here");
    await waitFor(async () => expect(await noteWrites()).toEqual(["typing here"]), { timeout: 3000 });
  });
});

describe("where the note's last write is (readNoteState)", () => {
  beforeEach(resetDatabases);

  it("waiting while a write is queued; refused when the write that made the note was parked; else synced", async () => {
    const scope = await signedInScope();
    await saveNote(scope, QUESTION, "first");
    expect(await readNoteState(scope.db, QUESTION)).toMatchObject({ text: "first", sync: "waiting" });
    const [first] = await scope.db.outbox.toArray();
    if (!first) throw new Error("nothing queued");
    await park(scope.db, first, "bad_request", "refused", new Date());
    expect((await readNoteState(scope.db, QUESTION)).sync).toBe("refused");
    // A later write moves the note past the refused one: once it is applied, the note is on the server.
    await saveNote(scope, QUESTION, "second");
    const second = (await scope.db.outbox.toArray()).find((e) => e.status === "pending");
    if (!second) throw new Error("nothing queued");
    expect((await readNoteState(scope.db, QUESTION)).sync).toBe("waiting");
    await settle(scope.db, second, { id: second.id, seq: second.seq, status: "applied", reply: null });
    expect(await readNoteState(scope.db, QUESTION)).toMatchObject({ text: "second", sync: "synced" });
  });
});

describe("the note editor's status line", () => {
  const note = (text: string, sync: "waiting" | "refused" | "synced", updatedAt: string | null = "2026-11-21") => ({
    text,
    sync,
    updatedAt,
  });

  it("says Saving… while the student types and the save runs", () => {
    expect(noteStatus(note("x", "synced"), true, false)).toBe("Saving…");
  });

  it("then where the note is: waiting on this device (in the app's words for it), or saved", () => {
    expect(noteStatus(note("x", "waiting"), false, false)).toBe(SAVED_ON_DEVICE);
    expect(noteStatus(note("x", "synced"), false, false)).toBe("Saved");
  });

  it("says so when the server refused it", () => {
    expect(noteStatus(note("x", "refused"), false, false)).toMatch(/refused/);
  });

  it("nothing for a question never noted, or a cleared note once synced; 'Note cleared' right after Clear", () => {
    expect(noteStatus(note("", "synced", null), false, false)).toBe("");
    expect(noteStatus(note("", "synced"), false, false)).toBe("");
    expect(noteStatus(note("", "synced"), false, true)).toBe("Note cleared");
    expect(noteStatus(note("", "waiting"), false, true)).toBe(`Note cleared. ${SAVED_ON_DEVICE}`);
  });
});

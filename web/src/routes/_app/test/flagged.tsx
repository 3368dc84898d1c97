import { createFileRoute, useLocation } from "@tanstack/react-router";
import { NOTES_HASH } from "../../../app/question/MyQuestionsTabs.tsx";
import { FlaggedPage } from "../../../features/flagged/FlaggedPage.tsx";
import { NotesPage } from "../../../features/notes/NotesPage.tsx";

/**
 * /test/flagged: the student's flagged questions, /test/flagged/#question-{id} one of them, and
 * /test/flagged#notes every question they wrote a note on (My notes, a tab beside the flagged list).
 */
function FlaggedOrNotes() {
  const hash = useLocation({ select: (location) => location.hash });
  return hash === NOTES_HASH ? <NotesPage /> : <FlaggedPage />;
}

export const Route = createFileRoute("/_app/test/flagged")({ component: FlaggedOrNotes });

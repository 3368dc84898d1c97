import { createFileRoute } from "@tanstack/react-router";
import { FlaggedPage } from "../../../features/flagged/FlaggedPage.tsx";

/** /test/flagged and /test/flagged/#question-{id}: the student's flagged questions. */
export const Route = createFileRoute("/_app/test/flagged")({ component: FlaggedPage });

import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { LessonViewer } from "../../features/lessons/LessonViewer.tsx";

/** A lesson, at ?page=N (from 1; a search hit opens its page). */
export const Route = createFileRoute("/_app/lesson/$lessonId")({
  validateSearch: z.object({ page: z.coerce.number().int().min(1).optional().catch(undefined) }),
  component: function LessonRoute() {
    const { lessonId } = Route.useParams();
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <LessonViewer
        lessonId={Number(lessonId)}
        page={page ?? 1}
        onPage={(next) => void navigate({ search: { page: next }, replace: true })}
      />
    );
  },
});

import { createFileRoute } from "@tanstack/react-router";
import { definedSearch, pageNumber } from "../../app/search-params.ts";
import { LessonViewer } from "../../features/lessons/LessonViewer.tsx";

/** A lesson, at ?page=N (from 1; a search hit opens its page). */
export const Route = createFileRoute("/_app/lesson/$lessonId")({
  validateSearch: (search: Record<string, unknown>) => definedSearch({ page: pageNumber(search.page) }),
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

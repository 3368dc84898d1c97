import { createFileRoute } from "@tanstack/react-router";
import { TutorSearchPanel, useTutorSearch } from "../../features/lessons/index.ts";
import { SyllabusPage } from "../../features/syllabus/SyllabusPage.tsx";

/** The syllabus page with the lessons feature's Tutor / Search panel (a feature never imports another). */
function SyllabusRoute() {
  const search = useTutorSearch();
  return <SyllabusPage onOpenTutorSearch={search.open} tutorSearch={<TutorSearchPanel search={search} />} />;
}

export const Route = createFileRoute("/_app/syllabus")({ component: SyllabusRoute });

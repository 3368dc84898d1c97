import { createFileRoute } from "@tanstack/react-router";
import { SyllabusPage } from "../../features/syllabus/SyllabusPage.tsx";

export const Route = createFileRoute("/_app/syllabus")({ component: SyllabusPage });

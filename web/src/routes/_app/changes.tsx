import { createFileRoute } from "@tanstack/react-router";
import { ChangesPage } from "../../features/changes/ChangesPage.tsx";

export const Route = createFileRoute("/_app/changes")({ component: ChangesPage });

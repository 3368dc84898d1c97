import { createFileRoute } from "@tanstack/react-router";
import { SyncScreen } from "../../features/sync-screen/SyncScreen.tsx";

/** The post-login sync screen (spec: rows User profile, Tests results, Syllabus details, School details). */
export const Route = createFileRoute("/_app/sync")({ component: SyncScreen });

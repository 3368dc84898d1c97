import { createFileRoute } from "@tanstack/react-router";
import { JobsPage } from "../../features/jobs/JobsPage.tsx";

/** The maintenance jobs view (spec): this device's queue of changes, pending and failed. */
export const Route = createFileRoute("/_app/maintenance/jobs")({ component: JobsPage });

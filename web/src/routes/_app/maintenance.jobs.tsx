import { createFileRoute } from "@tanstack/react-router";
import { MaintenanceOnly } from "../../app/maintenance.tsx";
import { JobsPage } from "../../features/jobs/JobsPage.tsx";

/**
 * The maintenance jobs view (spec): this device's queue of changes, pending and failed, with
 * run, restart and retry. The maintenance role's; a student follows their changes under Changes.
 */
export const Route = createFileRoute("/_app/maintenance/jobs")({
  component: () => (
    <MaintenanceOnly>
      <JobsPage />
    </MaintenanceOnly>
  ),
});

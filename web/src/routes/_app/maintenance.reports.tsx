import { createFileRoute } from "@tanstack/react-router";
import { MaintenanceOnly } from "../../app/maintenance.tsx";
import { ReportsPage } from "../../features/reports/ReportsPage.tsx";

/** What users sent from their devices: bug reports, page errors and feedback. The maintenance role's. */
export const Route = createFileRoute("/_app/maintenance/reports")({
  component: () => (
    <MaintenanceOnly>
      <ReportsPage />
    </MaintenanceOnly>
  ),
});

import { createFileRoute } from "@tanstack/react-router";
import { MaintenanceOnly } from "../../app/maintenance.tsx";
import { MaintenanceUsersPage } from "../../features/maintenance-users/MaintenanceUsersPage.tsx";

/**
 * The maintenance users page (spec): the local profiles of this device with Delete, Sync and
 * Full Sync. The maintenance role's; a student meets the not-available page.
 */
export const Route = createFileRoute("/_app/maintenance/users")({
  component: () => (
    <MaintenanceOnly>
      <MaintenanceUsersPage />
    </MaintenanceOnly>
  ),
});

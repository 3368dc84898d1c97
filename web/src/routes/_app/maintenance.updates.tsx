import { createFileRoute } from "@tanstack/react-router";
import { MaintenanceOnly } from "../../app/maintenance.tsx";
import { StorageSection } from "../../features/device/StorageSection.tsx";
import { UpdatesAdminPage } from "../../features/updates-admin/UpdatesAdminPage.tsx";

/**
 * The updates admin panel (spec): update lists, unlock, re-download, and this device's storage.
 * The maintenance role's; a student runs the content update from the dashboard (/update) and
 * keeps storage and device data on This device (/device).
 */
export const Route = createFileRoute("/_app/maintenance/updates")({
  component: () => (
    <MaintenanceOnly>
      <UpdatesAdminPage>
        <StorageSection />
      </UpdatesAdminPage>
    </MaintenanceOnly>
  ),
});

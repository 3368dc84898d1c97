import { createFileRoute } from "@tanstack/react-router";
import { useSignedIn } from "../../app/session-context.tsx";
import { ChangesPage } from "../../features/changes/ChangesPage.tsx";
import { DeviceDataSection } from "../../features/updates-admin/DeviceDataSection.tsx";
import { StorageSection } from "../../features/updates-admin/StorageSection.tsx";

/**
 * Changes on this device, and what else concerns the student's own device: its storage and the
 * device data file (before a wipe, and back on the new device). The maintenance tools are for
 * the maintenance role (app/maintenance.tsx); these stay with every student.
 */
function ChangesRoute() {
  const { session, scope } = useSignedIn();
  return (
    <ChangesPage>
      <StorageSection />
      <DeviceDataSection db={scope.db} email={session.user.email} />
    </ChangesPage>
  );
}

export const Route = createFileRoute("/_app/changes")({ component: ChangesRoute });

import { Link } from "@tanstack/react-router";
import { isMaintenance } from "../../app/maintenance.tsx";
import { useSignedIn } from "../../app/session-context.tsx";
import { UpdaterView } from "./UpdaterView.tsx";
import { useUpdater } from "./useUpdater.ts";

/**
 * The updater (spec accounts 4): the steps and data of useUpdater shown by the pure UpdaterView.
 * On a first run the first module comes first; the student may go on while the rest downloads.
 */
export function UpdaterScreen() {
  const { session } = useSignedIn();
  return (
    <UpdaterView
      {...useUpdater()}
      // The update history and tools are the maintenance role's (app/maintenance.tsx).
      toolsLink={
        isMaintenance(session.user) ? (
          <Link
            to="/maintenance/updates"
            className="text-sm font-medium text-brand-700 hover:underline"
            data-testid="update-admin-link"
          >
            Update history and tools
          </Link>
        ) : null
      }
    />
  );
}

import { Link } from "@tanstack/react-router";
import { UpdaterView } from "./UpdaterView.tsx";
import { useUpdater } from "./useUpdater.ts";

/**
 * The updater (spec accounts 4): the steps and data of useUpdater shown by the pure UpdaterView.
 * On a first run the first module comes first; the student may go on while the rest downloads.
 */
export function UpdaterScreen() {
  return (
    <UpdaterView
      {...useUpdater()}
      toolsLink={
        <Link
          to="/maintenance/updates"
          className="text-sm font-medium text-brand-700 hover:underline"
          data-testid="update-admin-link"
        >
          Update history and tools
        </Link>
      }
    />
  );
}

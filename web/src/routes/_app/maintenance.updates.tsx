import { createFileRoute } from "@tanstack/react-router";
import { UpdatesAdminPage } from "../../features/updates-admin/UpdatesAdminPage.tsx";

/** The updates admin panel (spec): update lists, unlock, re-download, storage and device data. */
export const Route = createFileRoute("/_app/maintenance/updates")({ component: UpdatesAdminPage });

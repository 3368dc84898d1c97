import { createFileRoute, useRouter } from "@tanstack/react-router";
import { MigrationPage } from "../../features/licence/index.ts";

/** After activation (app/activate's redirect): the device's legacy migration, then Continue to /login. */
export const Route = createFileRoute("/_public/activate_/migration")({
  component: function LegacyMigrationRoute() {
    const router = useRouter();
    return <MigrationPage go={(href) => router.history.push(href)} />;
  },
});

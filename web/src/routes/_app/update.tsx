import { createFileRoute } from "@tanstack/react-router";
import { UpdaterScreen } from "../../features/update/UpdaterScreen.tsx";

export const Route = createFileRoute("/_app/update")({ component: UpdaterScreen });

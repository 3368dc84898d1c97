import { createFileRoute } from "@tanstack/react-router";
import { SubscribePage } from "../../features/subscribe/SubscribePage.tsx";

/** Buy or extend the subscription (spec accounts 2). */
export const Route = createFileRoute("/_app/subscribe")({ component: SubscribePage });

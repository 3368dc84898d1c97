/**
 * The dashboard's subscription line (issue 15): when the subscription or free trial ends, or that
 * it has ended, with a link to /subscribe. Read from the device (the profile step's copy, by the
 * route: `useStoredSubscription`), so it shows offline too. `SubscriptionLineView` is the pure part.
 */

import { localDay } from "@preflight/sync-protocol/rules/subscription-access";
import { useNavigate } from "@tanstack/react-router";
import { useMemo } from "react";
import { currentDate } from "../../platform.ts";
import { AppLink } from "../../ui/AppLink.tsx";
import { endLine, type StoredSubscription, storedStatus, subscribeLinkLabel } from "./format.ts";

export function SubscriptionLineView({
  subscription,
  today,
  go,
}: {
  subscription: StoredSubscription;
  /** The device's day, YYYY-MM-DD. */
  today: string;
  go: (href: string) => void;
}) {
  const stand = storedStatus(subscription, today);
  const line = endLine(stand);
  const link = subscribeLinkLabel(stand.status);
  if (!line) return null;
  return (
    <p
      className={`flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm ${stand.status === "expired" ? "text-red-800" : "text-slate-700"}`}
      data-testid="dashboard-subscription"
      data-status={stand.status}
    >
      <span>{line}</span>
      {link ? (
        <AppLink href="/subscribe" go={go}>
          {link}
        </AppLink>
      ) : null}
    </p>
  );
}

/** The line for the device's copy of the subscription (`useStoredSubscription`); none before any. */
export function SubscriptionLine({ subscription }: { subscription: StoredSubscription | null | undefined }) {
  const navigate = useNavigate();
  const today = useMemo(() => localDay(currentDate()), []);
  if (!subscription) return null;
  return <SubscriptionLineView subscription={subscription} today={today} go={(href) => void navigate({ to: href })} />;
}

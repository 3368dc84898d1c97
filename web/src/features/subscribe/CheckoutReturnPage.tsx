/** The provider's return address: the server's word on the checkout, polled (useCheckoutStatus). */
import { useNavigate } from "@tanstack/react-router";
import { useSignedIn } from "../../app/session-context.tsx";
import { CheckoutReturnView } from "./CheckoutReturnView.tsx";
import { useCheckoutStatus } from "./useCheckoutStatus.ts";

export function CheckoutReturnPage({ checkoutId, cancelled }: { checkoutId: string; cancelled: boolean }) {
  const { scope } = useSignedIn();
  const navigate = useNavigate();
  const state = useCheckoutStatus(scope.db, checkoutId, cancelled);
  return <CheckoutReturnView state={state} go={(href) => void navigate({ to: href })} />;
}

import { createFileRoute, Outlet } from "@tanstack/react-router";
import { PublicFrame } from "../ui/BrandHeader.tsx";
import { SnackbarProvider } from "../ui/snackbar/SnackbarProvider.tsx";

/**
 * The pages a visitor opens without a session (registration, activation, resend, forgotten and
 * reset password, free trial): the brand above one centred card, and the notifications the
 * spec's forms show. Nothing here reads the device's session.
 */
export const Route = createFileRoute("/_public")({
  component: function PublicLayout() {
    return (
      <SnackbarProvider>
        <PublicFrame>
          <Outlet />
        </PublicFrame>
      </SnackbarProvider>
    );
  },
});

import { createFileRoute, Outlet } from "@tanstack/react-router";
import { BrandHeader } from "../ui/BrandHeader.tsx";
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
        <main className="flex min-h-full items-start justify-center px-4 py-8 sm:items-center sm:py-12">
          <div className="w-full max-w-lg">
            <BrandHeader />
            <div className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
              <Outlet />
            </div>
          </div>
        </main>
      </SnackbarProvider>
    );
  },
});

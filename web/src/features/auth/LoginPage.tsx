import { type FormEvent, useState } from "react";
import { ApiCallError, NetworkError } from "../../local/api.ts";
import { takeLoggedOutCookie } from "../../local/browser-storage.ts";
import { signIn } from "../../local/session.ts";
import { Button, Modal } from "../../ui/Modal.tsx";

const REASONS = {
  expired: "Your session has ended. Please sign in again.",
  replaced: "You have been logged out because your account was signed in on another device.",
} as const;

export function LoginPage({
  reason,
  onSignedIn,
}: {
  reason?: keyof typeof REASONS | undefined;
  onSignedIn: () => void;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loggedOut, setLoggedOut] = useState(() => takeLoggedOutCookie() || reason === "replaced");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await signIn(email.trim(), password);
      onSignedIn();
    } catch (err) {
      if (err instanceof ApiCallError) setError(err.message);
      else if (err instanceof NetworkError)
        setError("You need a connection to sign in. Please try again when you are online.");
      else setError("Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-center gap-3">
          <img src="/icons/favicon.svg" alt="" className="h-10 w-10" />
          <span className="text-2xl font-semibold tracking-tight text-brand-900">Preflight</span>
        </div>
        <form
          onSubmit={(e) => void submit(e)}
          className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          noValidate
        >
          <h1 className="text-lg font-semibold">Sign in</h1>
          {reason === "expired" ? (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
              {REASONS.expired}
            </p>
          ) : null}
          <label className="block text-sm">
            <span className="mb-1 block font-medium text-slate-700">E-mail</span>
            <input
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
              required
            />
          </label>
          <label className="block text-sm">
            <span className="mb-1 block font-medium text-slate-700">Password</span>
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
              required
            />
          </label>
          {error ? (
            <p className="whitespace-pre-line rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </form>
      </div>
      <Modal
        title="LOGGED OUT"
        isOpen={loggedOut}
        onClose={() => {
          takeLoggedOutCookie();
          setLoggedOut(false);
        }}
        actions={
          <Button
            onPress={() => {
              takeLoggedOutCookie();
              setLoggedOut(false);
            }}
            testId="logged-out-ok"
          >
            OK
          </Button>
        }
      >
        <p>{REASONS.replaced}</p>
        <p className="mt-2">Anything you did on this device is kept and will be sent when you sign in here again.</p>
      </Modal>
    </main>
  );
}

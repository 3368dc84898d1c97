import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useOnline } from "../../app/useOnline.ts";
import { signIn } from "../../local/account/session.ts";
import type { DeviceSession } from "../../local/store/db.ts";
import { takeLoggedOutCookie } from "../../platform.ts";
import { BrandHeader } from "../../ui/BrandHeader.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Button, Modal } from "../../ui/Modal.tsx";
import { type SignInProblem, signInProblem } from "./sign-in-problem.ts";

/** Why the student is here again; `/login?reason=…`. */
export const SIGN_IN_REASONS = {
  expired: "Your session has ended. Please sign in again.",
  replaced: "You have been logged out because your account was signed in on another device.",
  offline: "You signed in while offline. Sign in again now to send the changes kept on this device.",
  "password-changed":
    "Your password has changed since you last signed in online here. Sign in with your new password to send the changes kept on this device.",
} as const;
export type SignInReason = keyof typeof SIGN_IN_REASONS;

const linkClass = "font-medium text-brand-600 underline-offset-2 hover:underline";

export function LoginPage({
  reason,
  onSignedIn,
}: {
  reason?: SignInReason | undefined;
  /** After a sign-in; `session.offline` when it was made on this device with the network off. */
  onSignedIn: (session: DeviceSession) => void;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<(SignInProblem & { email: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const [loggedOut, setLoggedOut] = useState(() => takeLoggedOutCookie() || reason === "replaced");
  const online = useOnline();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setBusy(true);
    try {
      onSignedIn(await signIn(email.trim(), password));
    } catch (err) {
      setProblem({ ...signInProblem(err), email });
    } finally {
      setBusy(false);
    }
  };

  const notice = reason && reason !== "replaced" ? SIGN_IN_REASONS[reason] : null;

  return (
    <main className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <BrandHeader />
        <form
          onSubmit={(e) => void submit(e)}
          className="space-y-4 rounded-xl bg-surface p-6 shadow-sm ring-1 ring-slate-200"
          noValidate
        >
          <h1 className="text-lg font-semibold">Sign in</h1>
          {notice ? (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
              {notice}
            </p>
          ) : null}
          {!online ? (
            <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="login-offline">
              You are offline. If you have signed in on this device before, you can sign in now.
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
          <div className="text-sm">
            <label className="block">
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
            <div className="mt-1.5 text-right">
              <Link to="/password/forgot" className={linkClass}>
                Forgotten your password?
              </Link>
            </div>
          </div>
          {problem ? (
            <ErrorNotice className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" testId="sign-in-error">
              <p className="whitespace-pre-line">{problem.message}</p>
              {problem.offerResend ? (
                <Link
                  to="/register/resend"
                  search={{ email: problem.email.trim() }}
                  className="mt-2 inline-block font-medium text-red-900 underline underline-offset-2"
                >
                  Resend Activation Link
                </Link>
              ) : null}
            </ErrorNotice>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-md bg-primary px-4 py-2 font-medium text-white hover:bg-primary-hover disabled:opacity-60"
          >
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </form>
        <nav aria-label="New to Preflight" className="mt-5 text-center text-sm text-slate-600">
          <p>New to Preflight?</p>
          <p className="mt-1 flex flex-wrap items-center justify-center gap-x-2 gap-y-1">
            <Link to="/register" className={linkClass}>
              Create an account
            </Link>
            <span aria-hidden>·</span>
            <Link to="/free-trial" className={linkClass}>
              Start a free trial
            </Link>
          </p>
          <p className="mt-3">
            <Link to="/activate" className={linkClass} data-testid="activate-link">
              Activate the installed app with a licence key
            </Link>
          </p>
        </nav>
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
        <p>{SIGN_IN_REASONS.replaced}</p>
        <p className="mt-2">Anything you did on this device is kept and will be sent when you sign in here again.</p>
      </Modal>
    </main>
  );
}

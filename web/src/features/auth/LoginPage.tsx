import { Link } from "@tanstack/react-router";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { useOnline } from "../../app/useOnline.ts";
import { NetworkError } from "../../local/api.ts";
import type { DeviceSession } from "../../local/store/db.ts";
import { takeLoggedOutCookie } from "../../platform.ts";
import { PublicFrame } from "../../ui/BrandHeader.tsx";
import { Button } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { PageHeading, TextField } from "../../ui/FormField.tsx";
import { type SignInProblem, signInProblem } from "./sign-in-problem.ts";

// The modal (react-aria's overlays, ~20 KiB) only when a student was signed out elsewhere: not
// part of the first page's JavaScript.
const Modal = lazy(() => import("../../ui/Modal.tsx").then((module) => ({ default: module.Modal })));

/** Why the student is here again; `/login?reason=…`. */
export const SIGN_IN_REASONS = {
  expired: "Your session has ended. Please sign in again.",
  replaced: "You have been logged out because your account was signed in on another device.",
  offline: "You signed in while offline. Sign in again now to send the changes kept on this device.",
  "password-changed":
    "Your password has changed since you last signed in online here. Sign in with your new password to send the changes kept on this device.",
} as const;
export type SignInReason = keyof typeof SIGN_IN_REASONS;

/** A text link at a tap's height (44 px). */
const linkClass = "inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-2 hover:underline";
/** The sign-in boxes: the form fields' look, 44 px high. */
/** 16 px text on a phone, so that iOS does not zoom into the box as it takes focus. */
const INPUT_CLASS = "text-base sm:text-sm";

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
      // The session module (and the device database) comes with the first sign-in, not the page.
      const { signIn } = await import("../../local/account/session.ts").catch((err: unknown) => {
        throw new NetworkError("offline", err);
      });
      onSignedIn(await signIn(email.trim(), password));
    } catch (err) {
      setProblem({ ...signInProblem(err), email });
    } finally {
      setBusy(false);
    }
  };

  const notice = reason && reason !== "replaced" ? SIGN_IN_REASONS[reason] : null;

  return (
    <>
      <PublicFrame
        after={
          <nav aria-label="New to Preflight" className="mt-5 text-center text-sm text-slate-600">
            <p>New to Preflight?</p>
            <p className="mt-1 flex flex-wrap items-center justify-center gap-x-2">
              <Link to="/register" className={linkClass}>
                Create an account
              </Link>
              <span aria-hidden>·</span>
              <Link to="/free-trial" className={linkClass}>
                Start a free trial
              </Link>
            </p>
            <p>
              <Link to="/activate" className={linkClass} data-testid="activate-link">
                Activate the installed app with a licence key
              </Link>
            </p>
          </nav>
        }
      >
        <PageHeading title="Sign in" />
        <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
          {notice ? (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" role="status">
              {notice}
            </p>
          ) : null}
          {!online ? (
            <p
              className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200"
              data-testid="login-offline"
            >
              You are offline. If you have signed in on this device before, you can sign in now.
            </p>
          ) : null}
          <TextField
            label="E-mail"
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={setEmail}
            inputClassName={INPUT_CLASS}
            required
          />
          <div>
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              inputClassName={INPUT_CLASS}
              required
            />
            <div className="mt-1 text-right text-sm">
              <Link to="/password/forgot" className={linkClass}>
                Forgotten your password?
              </Link>
            </div>
          </div>
          {problem ? (
            <ErrorNotice testId="sign-in-error">
              <p className="whitespace-pre-line">{problem.message}</p>
              {problem.offerResend ? (
                <Link
                  to="/register/resend"
                  search={{ email: problem.email.trim() }}
                  className="mt-1 inline-flex min-h-11 items-center font-medium text-red-900 underline underline-offset-2"
                >
                  Resend Activation Link
                </Link>
              ) : null}
            </ErrorNotice>
          ) : null}
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? "Signing in…" : "Sign in"}
          </Button>
        </form>
      </PublicFrame>
      {loggedOut ? (
        <Suspense fallback={null}>
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
            <p className="mt-2">
              Anything you did on this device is kept and will be sent when you sign in here again.
            </p>
          </Modal>
        </Suspense>
      ) : null}
    </>
  );
}

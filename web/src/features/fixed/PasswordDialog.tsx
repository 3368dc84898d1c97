/** 'Enter password to access test': the password is checked online, once per test and password. */

import { fixedRoutes } from "@preflight/sync-protocol/routes/fixed";
import { FIXED_TEST_MESSAGES } from "@preflight/sync-protocol/rules/fixed-tests";
import { type FormEvent, useId, useState } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { useOnline } from "../../app/useOnline.ts";
import { ApiCallError, call, NetworkError } from "../../local/api.ts";
import { failureText } from "../../local/form-errors.ts";
import type { LocalFixedTest } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { TextField } from "../../ui/FormField.tsx";
import { Modal } from "../../ui/Modal.tsx";

export function PasswordDialog({
  test,
  onClose,
  onAccepted,
}: {
  test: LocalFixedTest;
  onClose: () => void;
  onAccepted: (test: LocalFixedTest) => void;
}) {
  const { scope } = useSignedIn();
  const formId = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const online = useOnline();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length === 0) {
      setError(FIXED_TEST_MESSAGES.passwordRequired);
      return;
    }
    if (!navigator.onLine) {
      setError(FIXED_TEST_MESSAGES.passwordNeedsConnection);
      return;
    }
    setChecking(true);
    setError(null);
    try {
      const reply = await call(fixedRoutes.verifyPassword, { body: { test_id: test.id, test_type: "exam", password } });
      if (!reply.success) {
        setError(reply.message);
        return;
      }
      await scope.db.fixedTests.update(test.id, { password_verified: true });
      onAccepted({ ...test, password_verified: true });
    } catch (err) {
      // Only the check itself is worded here; a storage failure is a bug, not a refused password.
      if (!(err instanceof ApiCallError || err instanceof NetworkError)) throw err;
      setError(failureText(err, { offline: FIXED_TEST_MESSAGES.passwordNeedsConnection }));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal
      title={FIXED_TEST_MESSAGES.passwordTitle}
      isOpen
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={checking} testId="password-submit">
            {checking ? "Checking…" : "Continue"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
        <p>
          <span className="font-medium text-slate-900">{test.title}</span> is protected by a password from your school.
        </p>
        {/* The error is the dialog's alert below (not the field's own text), tied to the box by id. */}
        <TextField
          label="Test password"
          type="password"
          name="test-password"
          required
          aria-invalid={error !== null}
          aria-describedby={error ? `${formId}-error` : undefined}
          value={password}
          onChange={setPassword}
          autoComplete="off"
          // The dialog exists to take this one field.
          autoFocus
        />
        {!online && error === null ? (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="password-offline">
            {FIXED_TEST_MESSAGES.passwordNeedsConnection}
          </p>
        ) : null}
        {error ? (
          <ErrorNotice as="p" id={`${formId}-error`} className="text-sm text-red-700" testId="password-error">
            {error}
          </ErrorNotice>
        ) : null}
      </form>
    </Modal>
  );
}

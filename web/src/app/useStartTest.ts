import { PRACTICE_MESSAGES } from "@preflight/sync-protocol/rules/practice-filter";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { createTest, type NewTest, TestStartRefusedError } from "../local/actions/test.ts";
import { useSignedIn } from "./session-context.tsx";

/** Builds a test on the device and opens it; says why when it cannot ('Could not start test'). */
export function useStartTest() {
  const { scope } = useSignedIn();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const start = async (spec: Omit<NewTest, "seed"> & { seed?: number | undefined }) => {
    setError(null);
    setStarting(true);
    try {
      const test = await createTest(scope, {
        ...spec,
        seed: spec.seed ?? crypto.getRandomValues(new Uint32Array(1))[0] ?? 1,
      });
      await navigate({ to: "/test/$testId", params: { testId: test.id } });
    } catch (err) {
      setError(err instanceof TestStartRefusedError ? err.message : PRACTICE_MESSAGES.startFailed);
      setStarting(false);
    }
  };
  return { start, error, starting };
}

import { PRACTICE_MESSAGES } from "@preflight/sync-protocol/rules/practice-messages";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import type { NewTest } from "../local/actions/test.ts";
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
    // The test builder loads on the first start, not with the dashboard; the page fetches it once
    // it has loaded (scripts/first-pages.ts AFTER_LOAD), so a test starts offline too.
    const actions = await import("../local/actions/test.ts").catch(() => null);
    try {
      if (!actions) throw new Error("the test builder could not be loaded");
      const test = await actions.createTest(scope, {
        ...spec,
        seed: spec.seed ?? crypto.getRandomValues(new Uint32Array(1))[0] ?? 1,
      });
      await navigate({ to: "/test/$testId", params: { testId: test.id } });
    } catch (err) {
      setError(actions && err instanceof actions.TestStartRefusedError ? err.message : PRACTICE_MESSAGES.startFailed);
      setStarting(false);
    }
  };
  return { start, error, starting };
}

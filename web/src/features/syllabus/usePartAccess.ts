/**
 * Opening a module part: the spec's order of checks (rules/access.ts) over what the device holds.
 * Online, the server's reading of the retry interval (GET /api/user/last-pt-result/{id}) is asked
 * too, and the stricter of the two stands (the server may know of an attempt from another device;
 * the device of one still in its outbox).
 */

import { syllabusRoutes } from "@preflight/sync-protocol/routes/syllabus";
import type { ModuleView, PartView } from "@preflight/sync-protocol/rules/access";
import { type AccessDecision, decidePartAccess, retryCheck } from "@preflight/sync-protocol/rules/part-access";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { call } from "../../local/api.ts";
import { currentDate } from "../../platform.ts";
import type { SyllabusData } from "./useSyllabusModules.ts";

export type OpenState =
  | { step: "idle" }
  | { step: "refused"; decision: Exclude<AccessDecision, { kind: "open_lesson" } | { kind: "summary" }> }
  | { step: "summary"; module: ModuleView; part: PartView; decision: Extract<AccessDecision, { kind: "summary" }> };

async function serverRetry(progressTestId: number) {
  try {
    return await call(syllabusRoutes.lastProgressTestResult, { params: { id: progressTestId } });
  } catch {
    return null;
  }
}

export function usePartAccess(data: SyllabusData | undefined) {
  const navigate = useNavigate();
  const [state, setState] = useState<OpenState>({ step: "idle" });

  const open = async (module: ModuleView, part: PartView) => {
    if (!data) return;
    const now = currentDate();
    let retry: { can_access: boolean; remaining_time: number } | undefined;
    if (part.type === "progress_test" && part.retry_interval_minutes) {
      const local = retryCheck(part.retry_interval_minutes, part.last_result, now);
      const server = navigator.onLine ? await serverRetry(part.content.id) : null;
      retry = server && server.remaining_time > local.remaining_time ? server : local;
    }
    const decision = decidePartAccess({ module, part, settings: data.settings, now, ...(retry ? { retry } : {}) });
    if (decision.kind === "open_lesson") {
      await navigate({ to: "/lesson/$lessonId", params: { lessonId: String(part.content.id) }, search: { page: 1 } });
      return;
    }
    if (decision.kind === "summary") setState({ step: "summary", module, part, decision });
    else setState({ step: "refused", decision });
  };

  return { state, open, close: () => setState({ step: "idle" }) };
}

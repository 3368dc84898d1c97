/**
 * The post-login sync chain (spec): profile, user, syllabus, school, in that order. Each step
 * goes pending -> syncing -> complete, or failed, which stops the chain: the steps after it stay
 * pending. A step's cursor moves only with what it applied (same Dexie transaction).
 *
 * One chain at a time per account: a caller that comes while a chain runs in this page joins it
 * (it is told the states so far, then follows along) rather than starting a second one; across
 * tabs a Web Lock "pull-<db>" makes the second wait, then run with the cursors the first left.
 */
import { PULL_STEPS, type PullStep } from "@preflight/sync-protocol/schemas/pull";
import { currentDate, withLock } from "../../../platform.ts";
import { ApiCallError, NetworkError, ReplyShapeError } from "../../api.ts";
import type { UserDb } from "../../store/db.ts";
import { PULL_DEFERRED_KEY } from "../keys.ts";
import { pullProfile } from "./profile.ts";
import { pullSchool } from "./school.ts";
import { StepRefusedError } from "./step.ts";
import { pullSyllabus } from "./syllabus.ts";
import { apiPullCall, type PullCall } from "./transport.ts";
import { pullUser } from "./user.ts";

export type StepState = "pending" | "syncing" | "complete" | "failed";

/**
 * How a chain ended. `offline`: the server could not be reached (the device keeps working with
 * what it has); `refused`: a false reply; `error`: any other failure (an HTTP error, a reply the
 * device cannot read).
 */
export type ChainResult =
  | { ok: true; deferred: boolean }
  | { ok: false; step: PullStep; kind: "offline" | "refused" | "error"; message: string };

export interface ChainOptions {
  call?: PullCall;
  onStep?: (step: PullStep, state: StepState) => void;
}

const RUNNERS: Record<PullStep, (db: UserDb, call: PullCall) => Promise<{ deferred: boolean }>> = {
  profile: (db, call) => pullProfile(db, call.profile),
  user: (db, call) => pullUser(db, call.user),
  syllabus: (db, call) => pullSyllabus(db, call.syllabus),
  school: (db, call) => pullSchool(db, call.school),
};

/**
 * Meta key: when some pulled rows were left aside for a change in the outbox (pull again once it
 * is sent), the time of that chain; false otherwise.
 */
export { PULL_DEFERRED_KEY };

interface RunningChain {
  result: Promise<ChainResult>;
  states: Map<PullStep, StepState>;
  listeners: Set<NonNullable<ChainOptions["onStep"]>>;
}
const running = new Map<string, RunningChain>();

export function runPullChain(db: UserDb, options: ChainOptions = {}): Promise<ChainResult> {
  const current = running.get(db.name);
  if (current) {
    for (const [step, state] of current.states) options.onStep?.(step, state);
    if (options.onStep) current.listeners.add(options.onStep);
    return current.result;
  }
  const states = new Map<PullStep, StepState>();
  const listeners = new Set(options.onStep ? [options.onStep] : []);
  const onStep = (step: PullStep, state: StepState) => {
    states.set(step, state);
    for (const listener of listeners) listener(step, state);
  };
  const run = () => runSteps(db, { call: options.call ?? apiPullCall, onStep });
  const result = withLock(`pull-${db.name}`, run);
  const chain: RunningChain = { result: result.finally(() => running.delete(db.name)), states, listeners };
  running.set(db.name, chain);
  return chain.result;
}

async function runSteps(
  db: UserDb,
  { call, onStep }: { call: PullCall; onStep: (step: PullStep, state: StepState) => void },
): Promise<ChainResult> {
  let deferred = false;
  for (const step of PULL_STEPS) {
    onStep(step, "syncing");
    try {
      deferred = (await RUNNERS[step](db, call)).deferred || deferred;
    } catch (err) {
      onStep(step, "failed");
      return { ok: false, step, ...describeFailure(err) };
    }
    onStep(step, "complete");
  }
  // A new value each time rows were left aside, so the page's watcher (usePullWhenSettled) fires again.
  await db.meta.put({ key: PULL_DEFERRED_KEY, value: deferred ? currentDate().toISOString() : false });
  return { ok: true, deferred };
}

function describeFailure(err: unknown): { kind: "offline" | "refused" | "error"; message: string } {
  if (err instanceof NetworkError) return { kind: "offline", message: err.message };
  if (err instanceof StepRefusedError) return { kind: "refused", message: err.message };
  if (err instanceof ApiCallError) return { kind: "error", message: `${err.status} ${err.code}: ${err.message}` };
  if (err instanceof ReplyShapeError) return { kind: "error", message: `unreadable reply: ${err.message}` };
  return { kind: "error", message: String(err) };
}

/** The chain as one of the app's refreshes (pull.ts): a failure is thrown, so it is reported. */
export async function refreshSyncSteps(db: UserDb): Promise<void> {
  const result = await runPullChain(db);
  if (!result.ok) throw new Error(`sync step ${result.step} failed (${result.kind}): ${result.message}`);
}

import type { DisplayAnswers } from "@preflight/sync-protocol/rules/constants";
import { displayAnswersFor } from "@preflight/sync-protocol/rules/display-answers";
import { useSignedIn } from "./session-context.tsx";

/**
 * The display_answers switch for a test builder (sync-protocol/rules/display-answers.ts):
 * `offered` says whether to show the Show answers choice; `sent(chosen)` is what the new test
 * takes (the default, after_test, while the switch is off). A session stored before the switch
 * existed has no value for it: on, as it was then.
 */
export function useDisplayAnswers(): { offered: boolean; sent: (chosen: DisplayAnswers) => DisplayAnswers } {
  const { session } = useSignedIn();
  const offered = session.user.features.display_answers ?? true;
  return { offered, sent: (chosen) => displayAnswersFor(chosen, offered) };
}

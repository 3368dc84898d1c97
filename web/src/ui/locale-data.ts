/**
 * The first use of Intl loads the locale's data: some 50 ms on a slow tablet. React Aria makes
 * that first use while its modules are evaluated (it reads the browser's locale), so the task
 * that evaluates the first lazily loaded React Aria part (the dashboard's progress tabs) took the
 * two together, a long task. Awaited before such an import, this makes the first use in a task of
 * its own, once.
 */
import { delay } from "../platform.ts";

let loading: Promise<void> | null = null;

export function loadLocaleData(): Promise<void> {
  loading ??= delay(0).then(() => {
    Intl.DateTimeFormat.supportedLocalesOf([navigator.language]);
  });
  return loading;
}

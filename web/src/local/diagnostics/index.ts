/** The device's diagnostics (issue 16): its recent log, client error reports and bug reports. */
import { listenForErrors } from "./error-reports.ts";
import { captureConsole } from "./log-buffer.ts";

/** Once, at app start (main.tsx). */
export function installDiagnostics(): void {
  captureConsole();
  listenForErrors();
}

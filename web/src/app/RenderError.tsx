import { useEffect } from "react";
import { reportRenderError } from "../local/diagnostics/error-reports.ts";
import { Button } from "../ui/Button.tsx";
import { isTestPage, RENDER_ERROR, RENDER_ERROR_RELOAD_MS } from "./request-policy.ts";

const reloadPage = () => window.location.reload();

/**
 * A render error (spec test-taking §8): say so and reload after 2 s; on a test page (a running
 * test, its results) the student reloads by hand, so an answer being typed is not thrown away.
 */
export function RenderError({ error, reload = reloadPage }: { error: unknown; reload?: () => void }) {
  const onTestPage = isTestPage(window.location.pathname);
  useEffect(() => {
    console.error(error);
    reportRenderError(error);
    if (onTestPage) return;
    const timer = setTimeout(reload, RENDER_ERROR_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [error, onTestPage, reload]);
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-lg p-8 text-center outline-none" role="alert">
      <p className="text-lg">{RENDER_ERROR}</p>
      {onTestPage ? (
        <Button onPress={reload} className="mt-4">
          Reload
        </Button>
      ) : null}
    </main>
  );
}

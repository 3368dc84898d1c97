import { useEffect } from "react";
import { reportRenderError } from "../local/diagnostics/error-reports.ts";
import { RENDER_ERROR, RENDER_ERROR_RELOAD_MS } from "./request-policy.ts";

/** A render error: say so and reload after 2 s; on a test page the student reloads by hand. */
export function RenderError({ error }: { error: unknown }) {
  const onTestPage = /^\/test\/[0-9a-f-]{36}$/.test(window.location.pathname);
  useEffect(() => {
    console.error(error);
    reportRenderError(error);
    if (onTestPage) return;
    const timer = setTimeout(() => window.location.reload(), RENDER_ERROR_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [error, onTestPage]);
  return (
    <main className="mx-auto max-w-lg p-8 text-center" role="alert">
      <p className="text-lg">{RENDER_ERROR}</p>
      {onTestPage ? (
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-4 rounded-md bg-brand-600 px-4 py-2 text-white"
        >
          Reload
        </button>
      ) : null}
    </main>
  );
}

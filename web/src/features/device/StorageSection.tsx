import { useCallback, useEffect, useState } from "react";
import {
  type Persistence,
  readPersistence,
  requestPersistence,
  type StorageUse,
  storageUse,
} from "../../local/content/storage.ts";
import { Button } from "../../ui/Button.tsx";
import { Card } from "../../ui/Page.tsx";

export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}

/**
 * Storage: whether the browser keeps the site's data under storage pressure (and a button that
 * asks), and how much of its quota the site uses.
 */
export function StorageSection() {
  const [persistence, setPersistence] = useState<Persistence | null>(null);
  const [use, setUse] = useState<StorageUse | null | undefined>(undefined);
  const refresh = useCallback(async () => {
    const [p, u] = await Promise.all([readPersistence(), storageUse()]);
    setPersistence(p);
    setUse(u);
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const ask = async () => {
    setPersistence(await requestPersistence());
    setUse(await storageUse());
  };

  return (
    <Card
      title="Storage"
      testId="storage-section"
      actions={
        <Button variant="secondary" onPress={() => void refresh()}>
          Refresh
        </Button>
      }
    >
      <div className="text-sm" data-testid="storage-usage">
        {use === undefined ? (
          <p className="text-slate-600">Reading storage…</p>
        ) : use === null ? (
          <p className="text-slate-600">This browser does not say how much storage Preflight uses.</p>
        ) : (
          <>
            <p className="text-slate-800">
              <span className="font-medium tabular-nums" data-testid="storage-used">
                {formatMegabytes(use.usage)}
              </span>{" "}
              used of{" "}
              <span className="tabular-nums" data-testid="storage-quota">
                {formatMegabytes(use.quota)}
              </span>{" "}
              (<span data-testid="storage-percent">{use.percent.toFixed(1)}%</span>)
            </p>
            {/* The sentence above says the numbers; the bar is for the eye only. */}
            <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <div className="h-full rounded-full bg-primary" style={{ width: `${Math.max(1, use.percent)}%` }} />
            </div>
          </>
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4 text-sm">
        <p className="min-w-0 text-slate-700" data-testid="storage-persisted">
          {!persistence
            ? "Checking persistent storage…"
            : !persistence.supported
              ? "This browser cannot keep storage persistent: when space runs low it may clear Preflight's data. Questions would be downloaded again; go online now and then so your changes are saved to your account."
              : persistence.persisted
                ? "Persistent storage granted: the browser will not remove Preflight's data to free space."
                : "Persistent storage not granted: when the device runs low on space, the browser may clear Preflight's data. Questions would be downloaded again; go online now and then so your changes are saved to your account."}
        </p>
        {persistence?.supported && !persistence.persisted ? (
          <Button variant="secondary" onPress={() => void ask()} testId="storage-persist">
            Ask to keep storage
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

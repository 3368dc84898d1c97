/**
 * Set-up for every unit test file (vitest.config.ts setupFiles). Under jsdom, which has no
 * CSS.escape, it adds the small one react-aria's modals need. Under node, which has neither
 * `self` nor FileReader, it adds what dexie-export-import reads files with (the device data
 * export and the bug report's copy of it). Component tests (jsdom) have the code of the modal and of
 * the notifications (fetched when first shown, ui/deferred.tsx) loaded first, so they show in the
 * frame that opens them, as they do once the app has loaded them.
 */
if (typeof document !== "undefined" && typeof globalThis.CSS?.escape !== "function")
  Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/["\\]/g, "\\$&") } });

if (typeof document === "undefined") {
  const scope = globalThis as Record<string, unknown>;
  scope.self ??= globalThis;
  scope.FileReader ??= class {
    result: ArrayBuffer | null = null;
    onload: ((event: { target: unknown }) => void) | null = null;
    onerror: ((event: { target: { error: unknown } }) => void) | null = null;
    onabort: (() => void) | null = null;
    readAsArrayBuffer(blob: Blob) {
      blob.arrayBuffer().then(
        (buffer) => {
          this.result = buffer;
          this.onload?.({ target: this });
        },
        (error: unknown) => this.onerror?.({ target: { error } }),
      );
    }
  };
}

if (typeof document !== "undefined") {
  await (await import("./ui/Modal.tsx")).preloadModal();
  await (await import("./ui/snackbar/SnackbarProvider.tsx")).preloadSnackbars();
}

export {};

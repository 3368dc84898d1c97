/**
 * The <model-viewer> element (and three.js under it) is fetched the first time a model is shown,
 * so no other page pays for it. The service worker precaches the chunk, so it loads offline too.
 */
let loading: Promise<void> | null = null;

export function loadModelViewer(): Promise<void> {
  if (customElements.get("model-viewer")) return Promise.resolve();
  loading ??= import("@google/model-viewer").then(
    () => undefined,
    (err: unknown) => {
      loading = null; // a later figure may try again (the chunk may come back with the network)
      throw err;
    },
  );
  return loading;
}

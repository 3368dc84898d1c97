/**
 * Starts something whose code is fetched on demand, once it is there, and returns a function that
 * stops it: at once if it has started, or before it can start if its code is still on its way.
 */
export function startWhenLoaded<M>(load: () => Promise<M>, start: (module: M) => () => void): () => void {
  let stop: (() => void) | null = null;
  let live = true;
  void load().then((module) => {
    if (live) stop = start(module);
  });
  return () => {
    live = false;
    stop?.();
  };
}

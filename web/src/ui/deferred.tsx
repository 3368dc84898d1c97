import { type ComponentType, lazy, Suspense } from "react";

/**
 * A component whose code is fetched the first time it renders rather than with the page (a
 * modal, the notifications), and rendered directly once it is there. Until then it renders
 * nothing. `preload` fetches it now (component tests, so the first render shows it at once).
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Deferred(props: P) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { Deferred, preload };
}

import { type ComponentType, useEffect, useState } from "react";

/**
 * A component whose code is fetched the first time it renders rather than with the page (a
 * modal, the notifications, the frame's watchers), and rendered directly once it is there. Until
 * then it renders nothing, and so it does while its code cannot be fetched (a first visit that
 * lost its connection before the service worker held the app): it tries again when the network
 * returns, where a failed import thrown at React would end in the render-error page, whose reload
 * would then find no page at all. `preload` fetches it now (component tests, so the first render
 * shows it at once).
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  function Deferred(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Loaded) return;
      // A state update after unmounting is dropped by React: no flag needed for it.
      const attempt = () =>
        void preload().then(
          (component) => setLoaded(() => component),
          () => addEventListener("online", attempt, { once: true }),
        );
      attempt();
      return () => removeEventListener("online", attempt);
    }, [Loaded]);
    return Loaded ? <Loaded {...props} /> : null;
  }
  return { Deferred, preload };
}

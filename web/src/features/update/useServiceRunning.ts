import { useEffect, useState } from "react";

/** Whether a service worker controls the page: the app's background service (spec). */
export function useServiceRunning(): boolean | null {
  const [running, setRunning] = useState<boolean | null>(null);
  useEffect(() => {
    const sw = globalThis.navigator?.serviceWorker;
    if (!sw) {
      setRunning(false);
      return;
    }
    const read = () => setRunning(sw.controller !== null);
    // Give a first visit's worker a moment to take control before calling it absent.
    const timer = setTimeout(read, 3000);
    if (sw.controller) read();
    sw.addEventListener("controllerchange", read);
    return () => {
      clearTimeout(timer);
      sw.removeEventListener("controllerchange", read);
    };
  }, []);
  return running;
}

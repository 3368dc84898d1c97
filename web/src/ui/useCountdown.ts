import { useEffect, useRef, useState } from "react";
import { systemClock, type UiClock } from "./clock.ts";
import { type ExpiryLatch, remainingSeconds, startCountdown } from "./countdown.ts";

/**
 * Seconds left until `deadline` (epoch ms, wall clock: the server's deadline), re-rendering
 * once per second on the second. `onExpire` fires once per deadline when the count reaches zero,
 * including at mount when the deadline has already passed. Pass a stable `clock`.
 */
export function useCountdown(deadline: number, clock: UiClock = systemClock, onExpire?: () => void): number {
  const [seconds, setSeconds] = useState(() => remainingSeconds(deadline, clock.now()));
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  });
  const latch = useRef<ExpiryLatch>({ firedFor: null });

  useEffect(
    () =>
      startCountdown(deadline, clock, { onTick: setSeconds, onExpire: () => onExpireRef.current?.() }, latch.current),
    [deadline, clock],
  );

  return seconds;
}

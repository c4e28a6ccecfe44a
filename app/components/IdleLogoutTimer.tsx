import { useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useIdleTimer } from "react-idle-timer";
import { useAccount } from "./AccountContext";

import { IDLE_LOGOUT_REASON, IDLE_THROTTLE_MS } from "./IdleLogout";

/**
 * Idle for the configured time (30 minutes) in every tab → logout. The timer runs only
 * while a user is loaded; after logging out it is reset and paused.
 */
export default function IdleLogoutTimer({ timeoutMs }: { timeoutMs: number }) {
  const account = useAccount();
  const submit = useSubmit();
  const location = useLocation();
  const returnTo = useRef("");
  useEffect(() => {
    returnTo.current = `${location.pathname}${location.search}`;
  }, [location.pathname, location.search]);

  const timer = useIdleTimer({
    timeout: timeoutMs,
    throttle: IDLE_THROTTLE_MS,
    crossTab: true,
    syncTimers: IDLE_THROTTLE_MS,
    startManually: true,
    onIdle: () => {
      timer.reset();
      timer.pause();
      submit(
        { returnTo: returnTo.current, reason: IDLE_LOGOUT_REASON },
        { method: "post", action: "/logout", replace: true },
      );
    },
  });

  const signedIn = account !== null;
  useEffect(() => {
    if (signedIn) timer.start();
    else {
      timer.reset();
      timer.pause();
    }
  }, [signedIn, timer]);

  return null;
}

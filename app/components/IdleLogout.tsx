import { lazy, Suspense } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

export const IDLE_THROTTLE_MS = 200;
/** Posted to /logout by the idle timer; the sign-in page then says why the session ended. */
export const IDLE_LOGOUT_REASON = "idle";
export const IDLE_LOGOUT_MESSAGE = "Su sesión se cerró por inactividad.";

// The timer renders nothing and needs JavaScript anyway: its code (and react-idle-timer's) is loaded
// once the page has hydrated, not with the page (decision 212).
const IdleLogoutTimer = lazy(() => import("./IdleLogoutTimer"));

export function IdleLogout({ timeoutMs }: { timeoutMs: number }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <IdleLogoutTimer timeoutMs={timeoutMs} />
    </Suspense>
  );
}

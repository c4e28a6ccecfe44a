import { lazy, Suspense } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

export interface ToastMessage {
  message: string;
  description?: string;
  type: "info" | "success" | "error" | "warning";
}

/** docs/spec/sign-in.md §4: bottom-right, auto close after 10000 ms, pause on hover and focus loss, draggable. */
export const TOAST_OPTIONS = {
  position: "bottom-right",
  autoClose: 10_000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
} as const;

// The notifications need JavaScript: their code (and react-toastify's) is loaded once the page has
// hydrated, not with the page; until then ToastFallback shows the message (decision 212).
const ToastList = lazy(() => import("./ToastList"));

export function Toasts({ toast }: { toast?: ToastMessage }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ToastList toast={toast} />
    </Suspense>
  );
}

/**
 * Without JavaScript the toast still has to reach the user: the server renders it as a plain alert,
 * hidden by the stylesheet while the document is marked as scripted (`html.js`) and dropped once
 * React has hydrated, when the client renderer shows it.
 */
export function ToastFallback({ toast }: { toast?: ToastMessage }) {
  const hydrated = useHydrated();
  if (!toast || hydrated) return null;
  return (
    <div role="alert" data-testid="toast-fallback" className={`toast-fallback toast-fallback-${toast.type}`}>
      {toast.message}
    </div>
  );
}

/** Marks the document as scripted before first paint, so no-JavaScript fallbacks can hide themselves. */
export const MARK_SCRIPTED = "document.documentElement.classList.add('js')";

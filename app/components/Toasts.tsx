import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ToastContainer, toast as showToast, type Id } from "react-toastify/unstyled";
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

export function Toasts({ toast }: { toast?: ToastMessage }) {
  const { pathname } = useLocation();
  const errors = useRef(new Set<Id>());
  // An error speaks of the screen it was shown on: leaving it (a wrong password, then the right one and
  // the next step) closes it, so it does not claim a failure that no longer holds. Runs before a new toast.
  useEffect(() => {
    for (const id of errors.current) showToast.dismiss(id);
    errors.current.clear();
  }, [pathname]);
  useEffect(() => {
    if (!toast) return;
    const text = toast.description ? `${toast.message} ${toast.description}` : toast.message;
    const id = showToast(text, { type: toast.type });
    if (toast.type === "error") errors.current.add(id);
  }, [toast]);
  return <ToastContainer {...TOAST_OPTIONS} closeButton aria-label="Notificaciones" />;
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

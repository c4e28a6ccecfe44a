import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ToastContainer, toast as showToast, type Id } from "react-toastify/unstyled";
import { TOAST_OPTIONS, type ToastMessage } from "./Toasts";

export default function ToastList({ toast }: { toast?: ToastMessage }) {
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

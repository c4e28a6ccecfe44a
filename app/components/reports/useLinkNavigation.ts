import { useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Client-side navigation for the plain `<a href>` links inside an element: one listener instead of a
 * Remix `<Link>` per amount, which cost more to render than the table itself (decision 116). A click
 * the browser should handle itself (another tab, a modifier key, another origin) is left alone;
 * without JavaScript the links are ordinary links.
 */
export function useLinkNavigation<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || !element.contains(link) || link.target) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    };
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [navigate]);
  return ref;
}

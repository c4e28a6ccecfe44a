import { Loader, Portal } from "@mantine/core";
import { useNavigation } from "@remix-run/react";

/** docs/spec/access.md §2: while a navigation (and with it the authentication check) is pending, a spinner shows. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <Portal>
      <div className="navigation-progress" role="status" aria-live="polite" data-testid="navigation-pending">
        <Loader size="sm" aria-hidden />
        <span className="visually-hidden">Cargando…</span>
      </div>
    </Portal>
  );
}

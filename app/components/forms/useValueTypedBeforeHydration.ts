import { useIsomorphicEffect } from "@mantine/hooks";
import { useRef, useState, type ChangeEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

type NativeField = HTMLInputElement | HTMLSelectElement;

/**
 * For a field that is a native element until the page hydrates and a Mantine one after (the searchable
 * account pickers): the value the person set in the native element becomes the Mantine field's value,
 * whether it was set before the script ran (read from the DOM when hydration commits) or between that
 * commit and the swap (the native element's change handler is live by then). Decision 200.
 */
export function useValueTypedBeforeHydration<Element extends NativeField>(defaultValue: string | null) {
  const hydrated = useHydrated();
  const native = useRef<Element>(null);
  const [value, setValue] = useState<string | null>(defaultValue);

  useIsomorphicEffect(() => {
    const typed = native.current?.value;
    if (!hydrated && typed !== undefined && typed !== (defaultValue ?? "")) setValue(typed || null);
  }, [hydrated]);

  const nativeProps = {
    ref: native,
    onChange: (event: ChangeEvent<Element>) => setValue(event.currentTarget.value || null),
  };
  return { hydrated, value, setValue, nativeProps };
}

import { Checkbox, Radio, type CheckboxGroupProps, type RadioGroupProps } from "@mantine/core";
import { useIsomorphicEffect } from "@mantine/hooks";
import { useRef, useState } from "react";

// Mantine's groups control their radios and checkboxes (`checked` from the group's state): the first
// re-render after hydration would put back the server's default over a choice made before the script
// ran. The groups below start from what the page's inputs hold when hydration commits (decision 200).

function checkedValues(box: HTMLElement | null, type: "radio" | "checkbox"): string[] | null {
  if (!box) return null;
  return [...box.querySelectorAll<HTMLInputElement>(`input[type="${type}"]`)]
    .filter((input) => input.checked)
    .map((input) => input.value);
}

/** Mantine's Radio.Group that keeps a choice made before hydration. */
export function KeptRadioGroup({ defaultValue, value: _value, onChange, ...props }: RadioGroupProps) {
  const box = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState<string>(defaultValue ?? "");
  useIsomorphicEffect(() => {
    const [checked] = checkedValues(box.current, "radio") ?? [];
    if (checked !== undefined) setValue(checked);
  }, []);
  return (
    <Radio.Group
      {...props}
      ref={box}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

/** Mantine's Checkbox.Group that keeps the boxes ticked or cleared before hydration. */
export function KeptCheckboxGroup({ defaultValue, value: _value, onChange, ...props }: CheckboxGroupProps) {
  const box = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState<string[]>(defaultValue ?? []);
  useIsomorphicEffect(() => {
    const checked = checkedValues(box.current, "checkbox");
    if (checked) setValue(checked);
  }, []);
  return (
    <Checkbox.Group
      {...props}
      ref={box}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

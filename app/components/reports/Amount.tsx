import { Anchor, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { AmountView } from "~/domain/reports";

/** An amount, right-aligned; negatives (already in parentheses) in red; a link when it drills down. */
export function Amount({
  value,
  href,
  label,
  strong = false,
}: {
  value: AmountView;
  href?: string | null;
  label?: string;
  strong?: boolean;
}) {
  const color = value.negative ? "red.8" : undefined;
  if (href) {
    return (
      <Anchor
        component={Link}
        to={href}
        c={color}
        fw={strong ? 700 : undefined}
        aria-label={label ? `${label}: ${value.text}` : undefined}
        underline="hover"
        size="sm"
      >
        {value.text}
      </Anchor>
    );
  }
  return (
    <Text component="span" c={color} fw={strong ? 700 : undefined} size="sm">
      {value.text}
    </Text>
  );
}

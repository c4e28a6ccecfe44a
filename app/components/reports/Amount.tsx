import { Link } from "@remix-run/react";
import type { AmountView } from "~/domain/reports";

/**
 * An amount; negatives (already in parentheses) in red; a link when it drills down. Plain elements
 * with the classes of app.css, not Mantine Text/Anchor: a report renders it a thousand times per
 * request and the styled components were most of the page's render time (decision 116).
 */
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
  const className = `report-amount${value.negative ? " report-negative" : ""}${strong ? " report-strong" : ""}`;
  if (href) {
    return (
      <Link to={href} className={`${className} report-link`} aria-label={label ? `${label}: ${value.text}` : undefined}>
        {value.text}
      </Link>
    );
  }
  return <span className={className}>{value.text}</span>;
}

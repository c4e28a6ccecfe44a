import type { AmountView } from "~/domain/reports";

/**
 * An amount; negatives (already in parentheses) in red; a link when it drills down. Plain elements
 * with the classes of app.css, not Mantine Text/Anchor nor a Remix Link: a report renders it a
 * thousand times per request and those components were most of the page's render time; the table
 * navigates its links client-side with useLinkNavigation (decision 116).
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
      <a href={href} className={`${className} report-link`} aria-label={label ? `${label}: ${value.text}` : undefined}>
        {value.text}
      </a>
    );
  }
  return <span className={className}>{value.text}</span>;
}

import { Table } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * Where a wide table scrolls: sideways inside its own box, never the page. The box is a named region
 * that takes the keyboard focus, so the columns beyond the screen can be reached with the arrow keys
 * (a phone's screen reader announces it by its name).
 */
export function TableScrollRegion({
  label,
  minWidth,
  mt,
  children,
}: {
  /** The region's accessible name, e.g. «Líneas del asiento». */
  label: string;
  /** Below this width the table scrolls inside the region. */
  minWidth: number;
  mt?: number | string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
      className="table-scroll-region"
      mt={mt}
    >
      {children}
    </Table.ScrollContainer>
  );
}

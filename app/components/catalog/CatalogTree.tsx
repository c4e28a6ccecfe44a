import { Badge } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { CSSProperties } from "react";
import type { CatalogNode } from "~/domain/catalog";

// Inline styles: the tree is plain nested lists, so it needs no stylesheet of its own.
const styles = {
  tree: { listStyle: "none", margin: 0, padding: 0 },
  subtree: {
    listStyle: "none",
    margin: "0 0 0 0.45rem",
    padding: "0 0 0 1.25rem",
    borderLeft: "1px solid var(--mantine-color-gray-3)",
  },
  // The disclosure triangle sits left of the account's line; the line (with its link) stays outside the
  // <summary>, which may hold no interactive content (axe nested-interactive).
  branch: { position: "relative" },
  summary: { cursor: "pointer", position: "absolute", top: "0.15rem", left: 0, width: "1.1rem", lineHeight: 1.55 },
  leaf: { padding: "0.15rem 0 0.15rem 1.1rem" },
  line: { display: "inline-flex", flexWrap: "wrap", alignItems: "center", gap: "0.4rem" },
  code: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: "var(--mantine-font-size-sm)" },
  link: { color: "inherit", textDecoration: "none" },
  selected: {
    background: "var(--mantine-color-brand-0)",
    borderRadius: "var(--mantine-radius-sm)",
    padding: "0 0.3rem",
    fontWeight: 600,
  },
  // Grey 7, not 6: a disabled account's name stays above 4.5:1 on white (and on the selected background).
  disabled: { color: "var(--mantine-color-gray-7)" },
} satisfies Record<string, CSSProperties>;

export const stickyStyle: CSSProperties = {
  position: "sticky",
  top: "calc(var(--app-shell-header-height, 60px) + 1rem)",
};

export interface CatalogTreeProps {
  tree: CatalogNode[];
  /** Whether a node with children starts open; `<details>` lets people toggle it without JavaScript. */
  isOpen: (node: CatalogNode) => boolean;
  selectedCode: string | null;
  /** Codes whose label the organization changed. */
  renamedCodes: ReadonlySet<string>;
  /** Where choosing an account leads (the same page with that account selected). */
  hrefFor: (code: string) => string;
}

function NodeLine({
  node,
  selected,
  renamed,
  href,
}: {
  node: CatalogNode;
  selected: boolean;
  renamed: boolean;
  href: string;
}) {
  const disabledByOrganization = node.level > 1 && node.disabled;
  return (
    <span style={styles.line}>
      <Link
        to={href}
        preventScrollReset
        style={{
          ...styles.link,
          ...(selected ? styles.selected : {}),
          ...(disabledByOrganization ? styles.disabled : {}),
        }}
        aria-current={selected ? "true" : undefined}
        data-code={node.key}
      >
        <span style={styles.code}>{node.key}</span> {node.label}
      </Link>
      {disabledByOrganization && (
        <Badge size="xs" color="gray" variant="outline">
          Deshabilitada
        </Badge>
      )}
      {node.added && (
        <Badge size="xs" color="blue" variant="light">
          Agregada
        </Badge>
      )}
      {renamed && (
        <Badge size="xs" color="grape" variant="light">
          Renombrada
        </Badge>
      )}
    </span>
  );
}

function Branch({ node, ...props }: CatalogTreeProps & { node: CatalogNode }) {
  const line = (
    <NodeLine
      node={node}
      selected={props.selectedCode === node.key}
      renamed={props.renamedCodes.has(node.key)}
      href={props.hrefFor(node.key)}
    />
  );
  if (node.children.length === 0) {
    return (
      <li>
        <div style={styles.leaf}>{line}</div>
      </li>
    );
  }
  return (
    <li style={styles.branch}>
      <div style={styles.leaf}>{line}</div>
      <details open={props.isOpen(node)} data-code={node.key}>
        <summary style={styles.summary} aria-label={`Subcuentas de ${node.key} ${node.label}`} />
        <ul style={styles.subtree}>
          {node.children.map((child) => (
            <Branch key={child.key} {...props} node={child} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** The chart of accounts as nested lists; each account links to its panel. */
export function CatalogTree(props: CatalogTreeProps) {
  return (
    <ul style={styles.tree} aria-label="Catálogo de cuentas" data-testid="catalog-tree">
      {props.tree.map((node) => (
        <Branch key={node.key} {...props} node={node} />
      ))}
    </ul>
  );
}

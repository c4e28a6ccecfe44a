import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The serious and critical axe violations of the whole page (header, sidebar, main, dialogs), one line
 * each with the offending nodes, so a failing check says where to look. Specs collect them per screen
 * and expect the list to be empty.
 */
export async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.nodes.length}) ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(" "))
          .join(" | ")}`,
    );
}

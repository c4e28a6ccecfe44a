/**
 * Two entry templates for every demo client: the monthly payroll with the CCSS charges (2026 rates:
 * employer 26,83 %, worker 10,83 %, plus the aguinaldo provision of 8,33 %) and the monthly
 * depreciation of office furniture and equipment (10 years straight line: 0,8333 % of cost a month).
 * Idempotent: a client that already has a template of that name keeps it as it is.
 */
import type { EntryTemplate, TemplateLine } from "../app/domain/templates/types";
import { createTemplate, listTemplates } from "../app/services/templates/templates.server";
import { DEMO_ORGANIZATIONS } from "./demo-data";

const by = "seed-demo";

const pct = (account: string, side: TemplateLine["side"], rate: number, description: string): TemplateLine => ({
  account,
  side,
  description,
  kind: "porcentaje",
  amount: null,
  rate,
});

export const DEMO_TEMPLATES: EntryTemplate[] = [
  {
    name: "Planilla mensual",
    description: "Planilla {mes} {año}",
    lines: [
      pct("60-01-01-00-00", "debito", 1_000_000, "Salarios brutos del mes (la base)"),
      pct("60-01-04-00-00", "debito", 268_300, "Cargas sociales patronales CCSS 26,83 %"),
      pct("20-01-03-02-00", "credito", 268_300, "Cuotas patronales CCSS {mes}"),
      pct("20-01-03-03-00", "credito", 108_300, "Cuotas obreras CCSS 10,83 % retenidas"),
      pct("20-01-03-01-00", "credito", 891_700, "Salarios netos por pagar"),
      pct("60-01-05-00-00", "debito", 83_300, "Aguinaldo 8,33 %"),
      pct("20-01-03-07-00", "credito", 83_300, "Provisión de aguinaldo {mes}"),
    ],
  },
  {
    name: "Depreciación mensual",
    description: "Depreciación {mes} {año}",
    lines: [
      pct("60-03-03-00-00", "debito", 8_333, "Mobiliario y equipo de oficina: 10 años, base = costo"),
      pct("10-02-02-04-00", "credito", 8_333, "Depreciación acumulada {mes} {año}"),
    ],
  },
];

export async function seedDemoTemplates({ log }: { log: (line: string) => void }): Promise<void> {
  let created = 0;
  for (const organization of DEMO_ORGANIZATIONS) {
    const existing = new Set((await listTemplates(organization._id)).map((template) => template.name));
    for (const template of DEMO_TEMPLATES) {
      if (existing.has(template.name)) continue;
      const outcome = await createTemplate(organization._id, template, by);
      if (!outcome.ok) {
        throw new Error(
          `demo template ${template.name} of ${organization._id}: ${outcome.refusals.map((r) => r.message).join(" ")}`,
        );
      }
      created++;
    }
  }
  log(`demo entry templates: ${created} created (existing ones left as they were)`);
}

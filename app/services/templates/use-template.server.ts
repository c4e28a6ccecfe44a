/**
 * «Usar plantilla» in the new-entry form: a GET step, so it works without JavaScript and writes
 * nothing. `?template=<id>` shows the template's inputs; with `apply=1` the inputs are read and the
 * form's values come back filled. The entry is then saved like any other.
 */
import { formatCalendarDate, todayInCostaRica } from "~/domain/calendar";
import { flattenCatalog } from "~/domain/catalog";
import { NEW_ENTRY_ROWS, SPARE_ROWS, type EntryFormDefaults, type EntryFormLine } from "~/domain/entries/form";
import type { EntrySource } from "~/domain/ledger/types";
import { centsToAmount, formatMoneyInput, type Cents } from "~/domain/money";
import { usesBase } from "~/domain/templates/apply";
import { APPLY_TEMPLATE_MAX_ROWS, applyTemplateSchema } from "~/domain/templates/form";
import { TEMPLATE_MESSAGES } from "~/domain/templates/messages";
import type { TemplatePanelData } from "~/domain/templates/panel";
import { SIDE_LABELS } from "~/domain/templates/types";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { parseSubmission } from "~/utils/form.server";
import { found, notFoundRefusal, refused, type Result } from "~/domain/refusal";
import { applyStoredTemplate, getTemplate, listTemplates } from "./templates.server";

export interface TemplateStep {
  panel: TemplatePanelData;
  /** The entry form's values when the template filled them. */
  defaults: EntryFormDefaults | null;
  /** The typed inputs were refused: the panel shows why beside them. */
  inputsRefused: boolean;
}

const text = (value: Cents | null) => (value === null ? "" : formatMoneyInput(centsToAmount(value)));

export async function templateStep(
  organizationId: string,
  search: URLSearchParams,
  now = new Date(),
): Promise<Result<TemplateStep>> {
  const choices = (await listTemplates(organizationId)).map(({ id, name }) => ({ id, name }));
  const id = search.get("template")?.trim();
  if (!id) return found({ panel: { choices, chosen: null, formKey: "blank" }, defaults: null, inputsRefused: false });
  const template = await getTemplate(organizationId, id);
  if (!template) return refused(notFoundRefusal(TEMPLATE_MESSAGES.notFound));

  const { tree } = await loadCatalog(organizationId);
  const labels = new Map(flattenCatalog(tree).map((node) => [node.key, node.label]));
  const typedLines = template.lines.flatMap((line, index) =>
    line.kind === "digitar"
      ? [
          {
            index,
            label:
              `Línea ${index + 1}: ${line.account} ${labels.get(line.account) ?? ""} (${SIDE_LABELS[line.side].toLowerCase()})`.replace(
                "  ",
                " ",
              ),
          },
        ]
      : [],
  );
  const typedValues: Record<string, string> = {};
  for (const { index } of typedLines) typedValues[String(index)] = search.get(`typed[${index}]`) ?? "";
  const chosen = {
    id: template.id,
    name: template.name,
    usesBase: usesBase(template),
    typedLines,
    values: {
      date: search.get("date") ?? formatCalendarDate(todayInCostaRica(now)),
      base: search.get("base") ?? "",
      typed: typedValues,
    },
    errors: {} as Record<string, string>,
    applied: false,
    notice: null as string | null,
  };
  const panel = (formKey: string): TemplatePanelData => ({ choices, chosen, formKey });
  if (search.get("apply") !== "1") return found({ panel: panel("blank"), defaults: null, inputsRefused: false });

  const submission = parseSubmission(search, applyTemplateSchema, { maxRows: APPLY_TEMPLATE_MAX_ROWS });
  if (submission.status !== "success") {
    for (const [name, messages] of Object.entries(submission.error ?? {})) {
      if (messages?.[0]) chosen.errors[name] = messages[0];
    }
    return found({ panel: panel("blank"), defaults: null, inputsRefused: true });
  }
  const { date, base, typed } = submission.value;
  const applied = await applyStoredTemplate(organizationId, template.id, { date, base, typed });
  if (!applied) return refused(notFoundRefusal(TEMPLATE_MESSAGES.notFound));
  if (!applied.outcome.ok) {
    for (const refusal of applied.outcome.refusals) chosen.errors[refusal.field ?? ""] ??= refusal.message;
    return found({ panel: panel("blank"), defaults: null, inputsRefused: true });
  }
  chosen.applied = true;
  chosen.notice = applied.outcome.applied.notice;
  const lines: EntryFormLine[] = applied.outcome.applied.lines.map((line) => ({
    account: line.account,
    description: line.description,
    debit: text(line.debit),
    credit: text(line.credit),
  }));
  const spare = Math.max(SPARE_ROWS, NEW_ENTRY_ROWS - lines.length);
  return found({
    panel: panel(`template-${search.toString()}`),
    defaults: {
      date,
      description: applied.outcome.applied.description,
      reference: "",
      lines: [
        ...lines,
        ...Array.from({ length: spare }, () => ({ account: "", description: "", debit: "", credit: "" })),
      ],
    },
    inputsRefused: false,
  });
}

/** The source of an entry saved from a form the template filled (`?template=<id>&apply=1`); manual otherwise. */
export async function entrySourceOf(organizationId: string, search: URLSearchParams): Promise<EntrySource> {
  const id = search.get("template")?.trim();
  if (!id || search.get("apply") !== "1") return { kind: "manual" };
  const template = await getTemplate(organizationId, id);
  return template ? { kind: "plantilla", id: template.id } : { kind: "manual" };
}

/** The template form's server side: the checked form turned into a template and saved (created or changed). */
import type { Refusal } from "~/domain/refusal";
import { onFormRows, templateOfForm, type TemplateFormValue } from "~/domain/templates/form";
import { createTemplate, updateTemplate } from "./templates.server";

export type TemplateFormOutcome = { ok: true; id: string; message: string } | { ok: false; refusals: Refusal[] };

/** Saves the form as a new template (`id` undefined) or over the organization's template `id`. */
export async function saveTemplateForm(
  organizationId: string,
  id: string | undefined,
  value: TemplateFormValue,
  by: string,
): Promise<TemplateFormOutcome> {
  const read = templateOfForm(value);
  if (!read.ok) return read;
  const outcome =
    id === undefined
      ? await createTemplate(organizationId, read.template, by)
      : await updateTemplate(organizationId, id, read.template, by);
  if (!outcome.ok) return { ...outcome, refusals: onFormRows(outcome.refusals, read.rows) };
  const name = read.template.name.trim();
  return {
    ok: true,
    id: outcome.id,
    message: id === undefined ? `Plantilla «${name}» creada.` : `Plantilla «${name}» guardada.`,
  };
}

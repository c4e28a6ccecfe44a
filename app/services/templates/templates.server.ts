/**
 * Entry templates of an organization (/admin/accounting-entry-templates) and «Usar plantilla» in the
 * entry form. Every write records who did it (the template's history); accounts are checked against
 * the organization's merged catalog when the template is saved and again by the ledger when the
 * entry made from it is saved.
 */
import { indexCatalog } from "~/domain/catalog";
import { searchText } from "~/domain/text";
import { notFoundRefusal, refusal, type Refusal } from "~/domain/refusal";
import { applyTemplate, type ApplyOutcome, type TemplateInputs } from "~/domain/templates/apply";
import { TEMPLATE_MESSAGES } from "~/domain/templates/messages";
import type { EntryTemplate as Template } from "~/domain/templates/types";
import { cents } from "~/domain/money";
import { validateTemplate } from "~/domain/templates/validate";
import { loadCatalog } from "~/services/catalog/catalog.server";
import {
  findEntryTemplate,
  insertEntryTemplate,
  listEntryTemplates,
  markEntryTemplateDeleted,
  replaceEntryTemplate,
  type EntryTemplateFields,
  type EntryTemplateRecord,
} from "~models/entry-template";

export interface StoredTemplate extends Template {
  id: string;
}

export type TemplateOutcome = { ok: true; id: string } | { ok: false; refusals: Refusal[] };

function templateOf(record: EntryTemplateRecord): StoredTemplate {
  return {
    id: String(record._id),
    name: record.name,
    description: record.description,
    lines: record.lines.map((line) => ({
      account: line.account,
      description: line.description ?? "",
      side: line.side,
      kind: line.kind,
      amount: line.amount === null || line.amount === undefined ? null : cents(BigInt(line.amount)),
      rate: line.rate ?? null,
    })),
  };
}

function fieldsOf(template: Template): EntryTemplateFields {
  const name = template.name.trim();
  return {
    name,
    nameKey: searchText(name),
    description: template.description.trim(),
    lines: template.lines.map((line) => ({
      account: line.account.trim(),
      description: line.description.trim(),
      side: line.side,
      kind: line.kind,
      amount: line.kind === "fijo" ? line.amount : null,
      rate: line.kind === "porcentaje" ? line.rate : null,
    })),
  };
}

export async function listTemplates(organizationId: string): Promise<StoredTemplate[]> {
  return (await listEntryTemplates(organizationId)).map(templateOf);
}

/** The organization's template, or null for an unknown, deleted, malformed or another organization's id. */
export async function getTemplate(organizationId: string, id: string): Promise<StoredTemplate | null> {
  const record = await findEntryTemplate(organizationId, id);
  return record ? templateOf(record) : null;
}

async function refusalsOf(organizationId: string, template: Template): Promise<Refusal[]> {
  const { tree } = await loadCatalog(organizationId);
  return validateTemplate(template, indexCatalog(tree));
}

export async function createTemplate(organizationId: string, template: Template, by: string): Promise<TemplateOutcome> {
  const refusals = await refusalsOf(organizationId, template);
  if (refusals.length > 0) return { ok: false, refusals };
  const id = await insertEntryTemplate(organizationId, fieldsOf(template), by);
  if (id === "duplicate") return { ok: false, refusals: [refusal(TEMPLATE_MESSAGES.nameTaken, "name")] };
  return { ok: true, id };
}

export async function updateTemplate(
  organizationId: string,
  id: string,
  template: Template,
  by: string,
): Promise<TemplateOutcome> {
  const refusals = await refusalsOf(organizationId, template);
  if (refusals.length > 0) return { ok: false, refusals };
  const result = await replaceEntryTemplate(organizationId, id, fieldsOf(template), by);
  if (result === "duplicate") return { ok: false, refusals: [refusal(TEMPLATE_MESSAGES.nameTaken, "name")] };
  if (result === "missing") return { ok: false, refusals: [notFoundRefusal(TEMPLATE_MESSAGES.notFound)] };
  return { ok: true, id };
}

/** False when there is no such live template of the organization. */
export async function deleteTemplate(organizationId: string, id: string, by: string): Promise<boolean> {
  return markEntryTemplateDeleted(organizationId, id, by);
}

/** «Usar plantilla»: the organization's template applied to the inputs, or null when there is no such template. */
export async function applyStoredTemplate(
  organizationId: string,
  id: string,
  inputs: TemplateInputs,
): Promise<{ template: StoredTemplate; outcome: ApplyOutcome } | null> {
  const template = await getTemplate(organizationId, id);
  if (!template) return null;
  return { template, outcome: applyTemplate(template, inputs) };
}

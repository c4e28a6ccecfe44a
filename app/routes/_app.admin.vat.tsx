import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { MonthNavigation } from "~/components/receipts/MonthNavigation";
import { appHref } from "~/utils/links";
import { ConditionsTable } from "~/components/vat/ConditionsTable";
import { DeclarationPanel, type SettlementFeedback } from "~/components/vat/DeclarationPanel";
import { FigureDetail } from "~/components/vat/FigureDetail";
import type { VatLinks } from "~/components/vat/links";
import { PendingReview } from "~/components/vat/PendingReview";
import { PRORRATA_FORM, ProrrataForm } from "~/components/vat/ProrrataForm";
import { ReconciliationPanel } from "~/components/vat/ReconciliationPanel";
import { ResultCard } from "~/components/vat/ResultCard";
import { ReturnSection } from "~/components/vat/ReturnSection";
import { monthLabel } from "~/domain/calendar";
import type { VatPageView, VatSection } from "~/domain/iva/view";
import { loadVatPage, readVatMonth } from "~/services/vat/vat-page.server";
import { setProrrata } from "~/services/vat/vat-return.server";
import { recordDeclarationFromEntry } from "~/services/vat/vat-declaration-from-entry.server";
import { reviewVatReceipt } from "~/services/vat/vat-review.server";
import { rectifyVat, reverseSettlement, settleVat, type SettleOutcome } from "~/services/vat/vat-settlement.server";
import { parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import {
  badRequest,
  notFound,
  refusalResponse,
  refusalStatus,
  throwIfPageRefused,
  valueOrRefusal,
} from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "IVA · Contabilidad CR" }];

const INTENTS = ["liquidar", "rectificar", "registrar", "revertir", "prorrata", "revisar"] as const;
const ACCOUNT_CODE = /^\d{2}(-\d{2}){4}$/;
const SETTLE_FORM = z.object({
  confirm: z.literal("1", { errorMap: () => ({ message: "Confirmación inválida." }) }).optional(),
  adjustmentAccount: z
    .string()
    .trim()
    .max(20, "La cuenta del ajuste se escribe 00-00-00-00-00.")
    .optional()
    .transform((text) => (text ? text : undefined))
    .refine((text) => text === undefined || ACCOUNT_CODE.test(text), "La cuenta del ajuste se escribe 00-00-00-00-00."),
});
const REVIEW_FORM = z.object({
  receiptId: z.string().regex(/^[0-9a-f]{24}$/, "Comprobante inválido."),
  decision: z.enum(["include", "exclude"], { message: "Elija incluir o excluir." }),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const url = new URL(request.url);
  const month = valueOrRefusal(readVatMonth(url));
  const page = await loadVatPage(organization.id, month, url.searchParams.get("figure"));
  if (page.unknownFigure) throw notFound("Esa cifra no está en la declaración de este mes.");
  return json({ organization: { name: organization.name, cedula: organization.cedula }, ...page });
}

function settleReply(intent: string, outcome: Extract<SettleOutcome, { ok: false }>, adjustmentAccount?: string) {
  const feedback: SettlementFeedback = {
    intent,
    message: outcome.message,
    already: outcome.already ?? null,
    needsConfirmation: !!outcome.needsConfirmation,
    needsAdjustment: !!outcome.needsAdjustment,
    adjustmentAccount,
  };
  return json(feedback, { status: outcome.needsConfirmation ? 200 : 409 });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const url = new URL(request.url);
  const month = valueOrRefusal(readVatMonth(url));
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!INTENTS.includes(intent as (typeof INTENTS)[number])) throw badRequest("Acción desconocida.");
  const back = appHref(`/admin/vat?${new URLSearchParams({ org: organization.cedula, month })}`, url.searchParams);
  const actor = { by: String(user._id) };
  if (intent === "prorrata") {
    const submission = parseSubmission(form, PRORRATA_FORM);
    if (submission.status !== "success") return replyWithErrors(submission);
    await setProrrata(organization.id, submission.value.year, submission.value.prorrata, actor.by);
    return redirectWithSuccess(back, `Prorrata de ${submission.value.year} guardada.`);
  }
  if (intent === "revisar") {
    const parsed = REVIEW_FORM.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
    const outcome = await reviewVatReceipt(
      organization.id,
      month,
      parsed.data.receiptId,
      parsed.data.decision,
      actor.by,
    );
    if (!outcome.ok) throw refusalResponse(outcome.refusals);
    const verb = parsed.data.decision === "include" ? "incluido en" : "excluido de";
    return redirectWithSuccess(back, `Comprobante ${outcome.consecutivo} ${verb} la declaración.`);
  }
  if (intent === "registrar") {
    const recorded = await recordDeclarationFromEntry(organization.id, month, actor);
    if (!recorded.ok) {
      throwIfPageRefused(recorded.refusals);
      return json(
        { intent, message: recorded.refusals[0].message, already: null },
        { status: refusalStatus(recorded.refusals) },
      );
    }
    return redirectWithSuccess(
      back,
      `Declaración de ${monthLabel(month)} registrada a partir del asiento de liquidación (versión ${recorded.version}).`,
    );
  }
  if (intent === "liquidar" || intent === "rectificar") {
    const parsed = SETTLE_FORM.safeParse(Object.fromEntries(form));
    if (!parsed.success)
      return json(
        { intent, message: parsed.error.issues[0].message, already: null, needsAdjustment: true },
        { status: 400 },
      );
    const options = { confirmEarly: parsed.data.confirm === "1", adjustmentAccount: parsed.data.adjustmentAccount };
    const outcome =
      intent === "liquidar"
        ? await settleVat(organization.id, month, actor, options)
        : await rectifyVat(organization.id, month, actor, options);
    if (!outcome.ok) return settleReply(intent, outcome, parsed.data.adjustmentAccount);
    const entry = outcome.entry ? `: asiento ${outcome.entry.number}` : " (sin diferencia que registrar)";
    return redirectWithSuccess(
      back,
      intent === "liquidar"
        ? `IVA de ${monthLabel(month)} liquidado${entry}.`
        : `Declaración de ${monthLabel(month)} rectificada (versión ${outcome.version})${entry}.`,
    );
  }
  const outcome = await reverseSettlement(organization.id, month, actor);
  if (outcome.ok)
    return redirectWithSuccess(
      back,
      `Liquidación revertida con el asiento ${outcome.reversal.number}; puede liquidar de nuevo.`,
    );
  return json({ intent, message: outcome.message, already: null }, { status: 409 });
}

function useVatLinks(data: { organization: { cedula: string }; month: string }): VatLinks {
  const current = new URLSearchParams(useLocation().search);
  const base = { org: data.organization.cedula, month: data.month };
  const page = (params: Record<string, string>) => appHref(`/admin/vat?${new URLSearchParams(params)}`, current);
  return {
    actionPath: page(base),
    page: (params) => page({ ...base, ...params }),
    figure: (figure) => page({ ...base, figure }),
    entry: (id) => appHref(`/entries/view/${id}`, current),
    receipt: (id) => appHref(`/detail/${id}?${new URLSearchParams({ org: base.org })}`, current),
    file: (extension) => `/admin/vat.${extension}?${new URLSearchParams(base)}`,
    close: page(base),
  };
}

function VatHeader({
  data,
  links,
}: {
  data: VatPageView & { organization: { name: string; cedula: string } };
  links: VatLinks;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <div>
        <Title order={1}>IVA</Title>
        <Text c="dimmed" size="sm">
          {data.organization.name} · {data.organization.cedula} · Formulario 150 (D-104), por tarifa
        </Text>
      </div>
      <MonthNavigation
        label={data.monthLabel}
        previousHref={links.page({ month: data.previousMonth })}
        nextHref={links.page({ month: data.nextMonth })}
        previousLabel={monthLabel(data.previousMonth)}
        nextLabel={monthLabel(data.nextMonth)}
      />
      <Group gap="xs">
        <Button component="a" href={links.file("xlsx")} variant="default" download>
          Exportar XLSX
        </Button>
        <Button component="a" href={links.file("pdf")} variant="default" download>
          Exportar PDF
        </Button>
      </Group>
    </Group>
  );
}

function feedbackOf(result: unknown): SettlementFeedback | null {
  if (!result || typeof result !== "object" || !("message" in result) || !("intent" in result)) return null;
  return result as SettlementFeedback;
}

export default function VatPage() {
  const data: VatPageView & { organization: { name: string; cedula: string } } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const links = useVatLinks(data);
  const section = (name: VatSection) => (
    <ReturnSection
      section={name}
      title={data.sectionTitles[name]}
      columns={data.columns[name]}
      lines={data.lines.filter((line) => line.section === name)}
      figureHref={links.figure}
    />
  );
  return (
    <Stack gap="md">
      <VatHeader data={data} links={links} />
      {data.receiptCount === 0 && (
        <Alert color="gray">
          No hay comprobantes de {data.monthLabel} en la aplicación: la declaración queda en cero.
        </Alert>
      )}
      <ResultCard data={data} links={links} />
      {data.pending.length > 0 && <PendingReview pending={data.pending} links={links} />}
      <DeclarationPanel data={data} links={links} feedback={feedbackOf(result)} />
      {data.figure && <FigureDetail figure={data.figure} closeHref={links.close} receiptHref={links.receipt} />}
      {section("debito")}
      {section("credito")}
      {data.conditions.length > 0 && <ConditionsTable conditions={data.conditions} figureHref={links.figure} />}
      {section("resultado")}
      <ProrrataForm prorrata={data.prorrata} actionPath={links.actionPath} lastResult={result} />
      <ReconciliationPanel reconciliation={data.reconciliation} unbookedHref={links.figure("sin-contabilizar")} />
    </Stack>
  );
}

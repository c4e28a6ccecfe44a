import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { countLabel } from "~/domain/text";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { AccountPanel } from "~/components/catalog/AccountPanel";
import { FormError } from "~/components/FormError";
import { appHref } from "~/utils/links";
import { CatalogTree, stickyStyle } from "~/components/catalog/CatalogTree";
import { CATALOG_INTENTS, type CatalogIntent } from "~/domain/catalog/forms";
import {
  ancestorCodes,
  codeShapeError,
  defaultLabels,
  filterCatalog,
  flattenCatalog,
  normalizeCode,
  searchCatalog,
  type CatalogNode,
} from "~/domain/catalog";
import {
  accountsWithMovements,
  changeCatalog,
  describeAccount,
  loadCatalog,
  type CatalogChange,
} from "~/services/catalog/catalog.server";
import { askConfirmation, isConfirmed } from "~/utils/confirm.server";
import { parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Catálogo de cuentas · Contabilidad CR" }];

type Expand = "all" | "none" | "groups";

function readExpand(value: string | null): Expand {
  return value === "all" || value === "none" ? value : "groups";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, 100);
  const expand = readExpand(params.get("expand"));
  const requested = params.get("account")?.trim() || null;
  const code = requested ? normalizeCode(requested) : null;

  const [{ tree, overrides }, inUse] = await Promise.all([
    loadCatalog(organization.id),
    accountsWithMovements(organization.id),
  ]);
  const selected = code && codeShapeError(code) === null ? describeAccount(tree, overrides, code, inUse) : null;
  const defaults = defaultLabels();
  const all = flattenCatalog(tree);
  const renamedCodes = all
    .filter((node) => !node.added && node.label !== defaults.get(node.key))
    .map((node) => node.key);
  const openCodes =
    query || expand === "all"
      ? "all"
      : [
          ...(expand === "groups" ? tree.map((node) => node.key) : []),
          ...(selected ? ancestorCodes(selected.key) : []),
        ];

  return json({
    organization: { cedula: organization.cedula, name: organization.name },
    tree: query ? filterCatalog(tree, query) : tree,
    accountCount: all.length,
    matchCount: query ? searchCatalog(tree, query).length : null,
    query,
    expand,
    openCodes,
    renamedCodes,
    selected,
    missingAccount: requested && !selected ? requested : null,
  });
}

const SUCCESS: Record<CatalogIntent, (change: CatalogChange, code: string) => string> = {
  rename: (_change, code) => `Cuenta ${code} renombrada.`,
  "reset-label": (_change, code) => `Se restableció el nombre original de la cuenta ${code}.`,
  add: (_change, code) => `Cuenta ${code} agregada.`,
  disable: (change, code) =>
    change.kind === "set-disabled" && !change.disabled ? `Cuenta ${code} habilitada.` : `Cuenta ${code} deshabilitada.`,
  remove: (change) => `Cuenta ${change.code} eliminada.`,
  currency: (change, code) =>
    change.kind === "set-currency" && change.currency === "USD"
      ? `La cuenta ${code} se lleva en dólares.`
      : `La cuenta ${code} se lleva en colones.`,
};

function toChange(intent: CatalogIntent, data: Record<string, string>): CatalogChange {
  switch (intent) {
    case "rename":
      return { kind: "rename", code: data.code, label: data.label };
    case "reset-label":
      return { kind: "reset-label", code: data.code };
    case "add":
      return { kind: "add", parent: data.parent, code: data.code, label: data.label };
    case "disable":
      return { kind: "set-disabled", code: data.code, disabled: data.disabled === "true" };
    case "remove":
      return { kind: "remove", code: data.code };
    case "currency":
      return { kind: "set-currency", code: data.code, currency: data.currency === "USD" ? "USD" : "CRC" };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(CATALOG_INTENTS, intent)) {
    return replyWithErrors(parseSubmission(form, z.object({})), { message: "La acción solicitada no existe." });
  }
  const catalogIntent = intent as CatalogIntent;
  const submission = parseSubmission(form, CATALOG_INTENTS[catalogIntent]);
  if (submission.status !== "success") return replyWithErrors(submission);
  // Removing cannot be undone: it happens only once the person confirmed (the page asks without JavaScript).
  if (catalogIntent === "remove" && !isConfirmed(form)) return askConfirmation(submission);
  const change = toChange(catalogIntent, submission.value as Record<string, string>);
  const result = await changeCatalog(organization.id, change);
  if (!("code" in result)) return replyWithErrors(submission, result);

  const next = new URL(request.url).searchParams;
  next.delete("index");
  next.set("org", organization.cedula);
  next.set("account", result.code);
  return redirectWithSuccess(`/admin/catalog?${next}`, SUCCESS[catalogIntent](change, result.code));
}

export default function CatalogPage() {
  const data = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const location = useLocation();

  const search = useMemo(() => {
    const params = new URLSearchParams(location.search);
    params.delete("index");
    params.set("org", data.organization.cedula);
    return params;
  }, [location.search, data.organization.cedula]);
  const withParams = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    return appHref(`/admin/catalog?${params}`, search);
  };

  const open = data.openCodes === "all" ? null : new Set(data.openCodes);
  const isOpen = (node: CatalogNode) => open === null || open.has(node.key);
  const renamed = useMemo(() => new Set(data.renamedCodes), [data.renamedCodes]);
  const formAction = withParams({});

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Catálogo de cuentas</Title>
          <Text c="dimmed" size="sm">
            {data.organization.name} · {countLabel(data.accountCount, "cuenta", "cuentas")}
          </Text>
        </div>
        <Button component="a" href={`/admin/catalog/csv?org=${data.organization.cedula}`} download variant="default">
          Exportar CSV
        </Button>
      </Group>

      <FormError message={problem && !problem.initialValue?.intent ? problem.error?.[""]?.[0] : undefined} />

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Stack gap="sm">
            <Form method="get" action="/admin/catalog" role="search" aria-label="Buscar cuentas">
              <input type="hidden" name="org" value={data.organization.cedula} />
              <Group align="flex-end" gap="xs">
                <TextInput
                  label="Buscar cuenta"
                  name="q"
                  defaultValue={data.query}
                  key={data.query}
                  placeholder="Código (10-01) o nombre"
                  w={280}
                />
                <Button type="submit" variant="default">
                  Buscar
                </Button>
                {data.query && (
                  <Anchor component={Link} to={withParams({ q: null })} size="sm" mb={8}>
                    Limpiar búsqueda
                  </Anchor>
                )}
              </Group>
            </Form>
            <Group gap="md">
              <Anchor component={Link} to={withParams({ expand: "all" })} size="sm" preventScrollReset>
                Expandir todo
              </Anchor>
              <Anchor component={Link} to={withParams({ expand: "none" })} size="sm" preventScrollReset>
                Contraer todo
              </Anchor>
            </Group>
            {data.matchCount !== null && (
              <Text size="sm" c="dimmed" role="status">
                {data.matchCount === 0
                  ? "Ninguna cuenta coincide con la búsqueda."
                  : `${data.matchCount} ${data.matchCount === 1 ? "cuenta coincide" : "cuentas coinciden"} con la búsqueda.`}
              </Text>
            )}
            <CatalogTree
              // A new search or expansion mode re-creates the <details> so their open state follows the page.
              key={`${data.query}|${data.expand}`}
              tree={data.tree as CatalogNode[]}
              isOpen={isOpen}
              selectedCode={data.selected?.key ?? null}
              renamedCodes={renamed}
              hrefFor={(code) => withParams({ account: code })}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <div style={stickyStyle}>
            {data.missingAccount && (
              <Alert color="yellow" mb="sm">
                La cuenta {data.missingAccount} no existe en este catálogo.
              </Alert>
            )}
            {data.selected ? (
              <AccountPanel
                account={data.selected}
                action={formAction}
                result={problem}
                // A saved change redirects here: the panel starts again from the stored account.
                key={`${data.selected.key}|${data.selected.label}|${data.selected.proposedCode}`}
              />
            ) : (
              <Paper withBorder p="md">
                <Text size="sm" c="dimmed">
                  Elija una cuenta del árbol para cambiarle el nombre, agregarle subcuentas o deshabilitarla.
                </Text>
              </Paper>
            )}
          </div>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

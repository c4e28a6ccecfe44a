/** Links of the books screens; they keep the shell's ?showSidebar and ?menu and carry ?org. */
import { appHref } from "~/utils/links";

export function entryListHref(current: URLSearchParams, org: string, params: Record<string, string> = {}): string {
  return appHref(`/entries/list?${new URLSearchParams({ org, ...params })}`, current);
}

export function entryViewHref(current: URLSearchParams, org: string, id: string): string {
  return appHref(`/entries/view/${id}?${new URLSearchParams({ org })}`, current);
}

export function entryEditHref(current: URLSearchParams, org: string, id: string): string {
  return appHref(`/entries/detail/${id}?${new URLSearchParams({ org })}`, current);
}

export function movementListHref(current: URLSearchParams, org: string, params: Record<string, string> = {}): string {
  return appHref(`/entries/movement-list?${new URLSearchParams({ org, ...params })}`, current);
}

/** Any path of the app (a receipt, a template …) in the same organization. */
export function inOrganizationHref(current: URLSearchParams, org: string, path: string): string {
  return appHref(`${path}?${new URLSearchParams({ org })}`, current);
}

/** Downloads are plain links to resource routes: they need no shell parameters. */
export function entriesExportHref(format: "csv" | "xlsx", org: string, params: Record<string, string>): string {
  const { page: _page, ...filters } = params;
  return `/entries/list.${format}?${new URLSearchParams({ org, ...filters })}`;
}

export function movementsExportHref(format: "csv" | "xlsx", org: string, params: Record<string, string>): string {
  const { page: _page, ...filters } = params;
  return `/entries/movement-list.${format}?${new URLSearchParams({ org, ...filters })}`;
}

export function journalHref(org: string, range: { from: string; to: string }): string {
  return `/entries/export.journal?${new URLSearchParams({ org, from: range.from, to: range.to })}`;
}

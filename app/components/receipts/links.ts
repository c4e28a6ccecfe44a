/** Links of the receipt screens; they keep the shell's ?showSidebar and ?menu and carry ?org. */
import { appHref as shellHref } from "~/utils/links";

export interface MonthLinkParams {
  org: string;
  /** Empty: the current month. */
  month: string;
  tab: string;
  q?: string;
  page?: number;
}

export function monthHref(current: URLSearchParams, params: MonthLinkParams): string {
  const query = new URLSearchParams({ org: params.org });
  if (params.month) query.set("month", params.month);
  query.set("tab", params.tab);
  if (params.q) query.set("q", params.q);
  if (params.page && params.page > 1) query.set("page", String(params.page));
  return shellHref(`/?${query}`, current);
}

export function detailHref(current: URLSearchParams, org: string, id: string): string {
  return shellHref(`/detail/${id}?${new URLSearchParams({ org })}`, current);
}

export function uploadHref(current: URLSearchParams, org: string): string {
  return shellHref(`/detail?${new URLSearchParams({ org })}`, current);
}

/** Downloads are plain links (resource routes), so they need no shell parameters. */
export function exportHref(format: "csv" | "xlsx", params: MonthLinkParams): string {
  const query = new URLSearchParams({ org: params.org, month: params.month, tab: params.tab });
  if (params.q) query.set("q", params.q);
  return `/receipts.${format}?${query}`;
}

export function xmlHref(org: string, id: string): string {
  return `/detail/${id}/xml?${new URLSearchParams({ org })}`;
}

/** The supplier's PDF of the receipt, as it came by e-mail. */
export function pdfHref(org: string, id: string): string {
  return `/detail/${id}/pdf?${new URLSearchParams({ org })}`;
}

export function mensajeReceptorHref(org: string, id: string): string {
  return `/detail/${id}/mensaje-receptor?${new URLSearchParams({ org })}`;
}

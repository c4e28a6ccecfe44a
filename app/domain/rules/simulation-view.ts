/** How the simulation page shows a received receipt: the rule it meets and the entry it would get. */
export interface SimulationLineView {
  account: string;
  label: string;
  debit: string;
  credit: string;
}

export interface SimulationRowView {
  id: string;
  kind: string;
  consecutivo: string;
  date: string;
  emisor: string;
  total: string;
  rule: string | null;
  ruleVersion: number | null;
  status: "plan" | "no-entry" | "unreadable";
  message: string | null;
  post: boolean | null;
  unclassified: boolean;
  lines: SimulationLineView[];
}

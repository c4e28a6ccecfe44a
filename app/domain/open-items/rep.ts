import type { Cents } from "../money";

/**
 * What a recibo electrónico de pago (REP) settles: its amount applied to the open documents it names,
 * in the order it names them, each up to what it still owes. What exceeds them is not applied (the
 * person registering it chooses what to do with it).
 */
export function repApplications(
  paid: Cents,
  named: readonly { id: string; open: Cents }[],
): Array<{ itemId: string; amount: Cents }> {
  const applications: Array<{ itemId: string; amount: Cents }> = [];
  let left = paid as bigint;
  for (const item of named) {
    if (left <= 0n) break;
    if (item.open <= 0n) continue;
    const amount = (item.open < left ? item.open : left) as Cents;
    applications.push({ itemId: item.id, amount });
    left -= amount;
  }
  return applications;
}

import { describe, expect, it } from "vitest";
import { ruleFormDefaults, ruleFormSchema, RULE_MESSAGES } from "./form";

const base = {
  name: "Fletes",
  mode: "all",
  scope: "document",
  account: "50-01-03-00-00",
  ivaTreatment: "acreditable",
  post: "post",
};

function parse(fields: Record<string, unknown>) {
  return ruleFormSchema.safeParse({ ...base, ...fields });
}

describe("the rule form", () => {
  it("keeps the filled rows, skips blank ones, and normalises values", () => {
    const result = parse({
      conditions: [
        { field: "documentType", operator: "equals", value: "fe" },
        {},
        undefined,
        { field: "currency", operator: "equals", value: "usd" },
        { field: "total", operator: "gte", value: "1 500 000,5" },
      ],
    });
    expect(result.success && result.data.conditions).toEqual([
      { field: "documentType", operator: "equals", value: "FE" },
      { field: "currency", operator: "equals", value: "USD" },
      { field: "total", operator: "gte", value: "1500000.50" },
    ]);
  });

  it("maps the action: borrador, optional accounts, the other-lines account only for per-line rules", () => {
    const conditions = [{ field: "emisorNombre", operator: "contains", value: "Guanacaste" }];
    const whole = parse({ conditions, otherLinesAccount: "70-01-01-00-00", payableAccount: "", post: "draft" });
    expect(whole.success && whole.data.action).toEqual({
      scope: "document",
      account: "50-01-03-00-00",
      ivaTreatment: "acreditable",
      post: false,
    });
    const lines = parse({
      conditions,
      scope: "lines",
      otherLinesAccount: "70-01-01-00-00",
      payableAccount: "20-01-01-02-00",
      autoAnswer: "05",
    });
    expect(lines.success && lines.data.action).toEqual({
      scope: "lines",
      account: "50-01-03-00-00",
      otherLinesAccount: "70-01-01-00-00",
      ivaTreatment: "acreditable",
      payableAccount: "20-01-01-02-00",
      post: true,
      autoAnswer: "05",
    });
  });

  it("refuses each bad row under its own field, and a form without conditions", () => {
    const messages = (fields: Record<string, unknown>) => {
      const result = parse(fields);
      if (result.success) return {};
      return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
    };
    expect(messages({ conditions: [] })).toEqual({ conditions: RULE_MESSAGES.noConditions });
    expect(
      messages({
        conditions: [
          { field: "nada", operator: "equals", value: "x" },
          { field: "cabys", value: "43" },
          { field: "cabys", operator: "contains", value: "43" },
          { field: "activityCode", operator: "equals", value: "51410" },
          { field: "cabys", operator: "startsWith", value: "43A" },
          { field: "documentType", operator: "equals", value: "REP" },
        ],
      }),
    ).toEqual({
      "conditions.0.field": RULE_MESSAGES.fieldRequired,
      "conditions.1.operator": RULE_MESSAGES.operatorRequired,
      "conditions.2.operator": RULE_MESSAGES.operatorNotAllowed,
      "conditions.3.value": RULE_MESSAGES.activityCode,
      "conditions.4.value": RULE_MESSAGES.cabys,
      "conditions.5.value": RULE_MESSAGES.documentType,
    });
    expect(
      messages({ name: " ", account: "", conditions: [{ field: "currency", operator: "equals", value: "CRC" }] }),
    ).toEqual({
      name: RULE_MESSAGES.nameRequired,
      account: RULE_MESSAGES.accountRequired,
    });
  });

  it("a stored rule fills the form back, with a spare row", () => {
    const parsed = parse({ conditions: [{ field: "currency", operator: "equals", value: "USD" }], post: "draft" });
    if (!parsed.success) throw new Error("invalid");
    const defaults = ruleFormDefaults(parsed.data, "70-01-01-00-00");
    expect(defaults).toMatchObject({ name: "Fletes", post: "draft", otherLinesAccount: "70-01-01-00-00" });
    expect(defaults.conditions).toHaveLength(2);
    // The page posts blank fields, which conform reads as missing.
    const posted = Object.fromEntries(Object.entries(defaults).filter(([, value]) => value !== ""));
    const again = ruleFormSchema.safeParse(posted);
    expect(again.success && again.data).toEqual(parsed.data);
  });
});

export type * from "./types";
export { CONDITION_FIELDS, CONDITION_FIELD_KEYS, OPERATOR_LABELS, OPERATOR_KEYS } from "./fields";
export { matchRule, matchingLines } from "./match";
export { describeCondition, describeConditions, describeActionDetails } from "./describe";

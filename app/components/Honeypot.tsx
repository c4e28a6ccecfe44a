import { HONEYPOT_FIELD } from "~/utils/honeypot";

/** Invisible to people and to assistive technology; bots that fill every field give themselves away. */
export function Honeypot() {
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
      <label htmlFor={HONEYPOT_FIELD}>No llene este campo</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

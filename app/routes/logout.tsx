import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { IDLE_LOGOUT_REASON } from "~/components/IdleLogout";
import { readForm } from "~/utils/form.server";
import { safeReturnTo } from "~/utils/return-to";
import { endSession } from "~/utils/session.server";

/** Logging out changes state, so it is a POST; a plain visit just goes home. */
export async function loader(_args: LoaderFunctionArgs) {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const returnTo = safeReturnTo(form.get("returnTo"), "/");
  const headers = new Headers();
  try {
    headers.append("Set-Cookie", await endSession(request));
  } catch (error) {
    // docs/spec/sign-in.md §5: a failed logout is only logged; the visitor still leaves for the sign-in page.
    console.error("logout failed", error);
  }
  // An idle logout says so on the sign-in page (?reason=idle), so nobody wonders where the session went.
  const query = new URLSearchParams({ returnTo });
  if (form.get("reason") === IDLE_LOGOUT_REASON) query.set("reason", IDLE_LOGOUT_REASON);
  return redirect(`/login?${query}`, { headers });
}

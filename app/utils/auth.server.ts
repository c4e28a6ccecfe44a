import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { findUserByEmail, findUserById, type UserDocument } from "~models/user";
import { hasAdminAccess } from "~/domain/roles";
import { loginSchema } from "~/domain/auth/forms";
import { assertHoneypotEmpty, parseSubmission } from "./form.server";
import { verifyPassword } from "./password.server";
import { oncePerRequest } from "./once-per-request.server";
import { readSession } from "./session.server";
import { assertNotThrottled, clearFailedAttempts, clientAddress, recordFailedAttempt } from "./throttle.server";

export const SIGN_IN_FAILED_MESSAGE = "No se ha podido autenticar, intente de nuevo.";

export class InvalidCredentialsError extends Error {
  constructor() {
    super(SIGN_IN_FAILED_MESSAGE);
    this.name = "InvalidCredentialsError";
  }
}

export const authenticator = new Authenticator<UserDocument>();

authenticator.use(
  // remix-auth-form reads the body itself (from a clone), so the form is parsed here, with the page's schema.
  new FormStrategy(async ({ form, request }) => {
    assertHoneypotEmpty(form);
    const submission = parseSubmission(form, loginSchema);
    const email = submission.status === "success" ? submission.value.email : typedEmail(form);
    const password = submission.status === "success" ? submission.value.password : "";
    const ip = clientAddress(request);
    await assertNotThrottled(email, ip);
    // A form the schema refuses is a failed attempt like any other (docs/spec/sign-in.md §5: one answer for every failure).
    const user = submission.status === "success" ? await findUserByEmail(email) : null;
    const valid = await verifyPassword(password, user?.passwordHash);
    if (!user || !valid) {
      await recordFailedAttempt(email, ip);
      throw new InvalidCredentialsError();
    }
    await clearFailedAttempts(email);
    return user;
  }),
  "password",
);

function typedEmail(form: FormData): string {
  const value = form.get("email");
  return typeof value === "string" ? value.trim().toLowerCase() : "";
}

function loginUrl(request: Request): string {
  const url = new URL(request.url);
  return `/login?${new URLSearchParams({ returnTo: `${url.pathname}${url.search}` })}`;
}

export interface SignedIn {
  user: UserDocument;
  sessionId: string;
}

/** The signed-in user whose second factor is verified, or null; read once per request. */
export const getSignedInUser = oncePerRequest(async (request: Request): Promise<SignedIn | null> => {
  const session = await readSession(request);
  if (!session || session.stage !== "complete") return null;
  const user = await findUserById(session.userId);
  return user && !startedBeforePasswordChange(session.createdAt, user) ? { user, sessionId: session._id } : null;
});

// A password change ends the user's other sessions; this also refuses one that a race let survive.
function startedBeforePasswordChange(sessionCreatedAt: Date, user: UserDocument): boolean {
  return !!user.passwordChangedAt && sessionCreatedAt.getTime() < new Date(user.passwordChangedAt).getTime();
}

/** No complete session → redirect to /login with the current path and query as returnTo. */
export async function requireUser(request: Request): Promise<SignedIn> {
  const signedIn = await getSignedInUser(request);
  if (!signedIn) throw redirect(loginUrl(request));
  return signedIn;
}

/** Admin-only routes: admins, super admins and root; anyone else is sent to / (docs/spec/access.md §2). */
export async function requireAdmin(request: Request): Promise<SignedIn> {
  const signedIn = await requireUser(request);
  if (!hasAdminAccess(signedIn.user)) throw redirect("/");
  return signedIn;
}

/** The user that passed the password step and still owes the second factor. */
export async function requirePasswordStage(request: Request): Promise<{ user: UserDocument; sessionId: string }> {
  const session = await readSession(request);
  if (!session || session.stage !== "password") throw redirect(`/login${new URL(request.url).search}`);
  const user = await findUserById(session.userId);
  if (!user || startedBeforePasswordChange(session.createdAt, user)) throw redirect("/login");
  return { user, sessionId: session._id };
}

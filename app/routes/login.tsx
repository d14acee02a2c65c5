import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { HUB_HOME, isHubUser } from "@domain/permissions";
import type { Route } from "./+types/login";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { CsrfInput } from "~/components/csrf-input";
import { useRootData } from "~/lib/root-data";
import { titleMeta } from "~/lib/titles";
import { getRequestContext, isAppError } from "../../server/http/pages/page-kit.server.ts";
import { login, newCsrfToken, sessionCookieHeader, xsrfCookieHeader } from "../../server/http/pages/system.server.ts";
import { checkRedirectToParam, checkRedirectToValue, safeRedirect } from "../../server/http/pages/redirect-to.server.ts";
import { isResidentOnly, RESIDENT_HOME } from "../../domain/registry/resident-requests.ts";
import { m } from "@domain/i18n";

export const meta = () => titleMeta("login");

/** Plain HTML, no JavaScript: the form posts and the server answers (decision 175). */
export const handle = { hydrate: false };

/** A redirectTo with NUL, control characters or malformed percent-encoding is a 400. */
export function loader({ request }: Route.LoaderArgs) {
  checkRedirectToParam(request.url);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = getRequestContext(context);
  const form = await request.formData();
  checkRedirectToParam(request.url);
  checkRedirectToValue(form.get("redirectTo"));
  const username = String(form.get("username") ?? "");
  try {
    const result = await login(
      { db: rc.db, ip: rc.ip, userAgent: rc.userAgent, previousSessionId: rc.sessionId },
      { username, password: String(form.get("password") ?? "") },
    );
    // The session cookie, and a new XSRF token: one known before signing in is no use after.
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookieHeader(result.token, result.expiresAt, rc.secureCookies));
    headers.append("Set-Cookie", xsrfCookieHeader(newCsrfToken(), rc.secureCookies));
    // A resident's account lands on their own page unless it came back from one (decision 208); a
    // hub's user on the hub's (issue 29).
    const back = form.get("redirectTo");
    const home = isResidentOnly(result.user) ? RESIDENT_HOME : isHubUser(result.user) ? HUB_HOME : null;
    throw redirect(home && !back ? home : safeRedirect(back), { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ username, message: error.message, errors: error.errors ?? {} }, { status: error.status, headers: error.headers });
  }
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const root = useRootData();
  const busy = navigation.state !== "idle";
  const usernameError = actionData?.errors?.username?.[0];
  const passwordError = actionData?.errors?.password?.[0];
  const formError = !usernameError && !passwordError ? actionData?.message : undefined;
  return (
    <div className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-lg sm:p-8">
      <div className="mb-6 flex flex-col items-center gap-2 text-center">
        <img src="/favicon.svg" alt="" className="size-12" />
        <h1 className="text-xl font-semibold">{m.shell_login_heading()}</h1>
        <p className="text-sm text-muted-foreground">{root?.barangay.name}</p>
      </div>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <CsrfInput />
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        {formError ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-col gap-2">
          <Label htmlFor="username">{m.shell_login_username()}</Label>
          <Input
            id="username"
            name="username"
            autoComplete="username"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- signing in is the page's only task
            autoFocus
            required
            defaultValue={actionData?.username ?? ""}
            aria-invalid={usernameError ? true : undefined}
            aria-describedby={usernameError ? "username-error" : undefined}
          />
          {usernameError ? (
            <p id="username-error" role="alert" className="text-sm text-destructive">
              {usernameError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="password">{m.shell_login_password()}</Label>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? "password-error" : undefined}
          />
          {passwordError ? (
            <p id="password-error" role="alert" className="text-sm text-destructive">
              {passwordError}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={busy} className="mt-2 w-full">
          {busy ? m.shell_login_signing_in() : m.shell_sign_in()}
        </Button>
      </Form>
    </div>
  );
}

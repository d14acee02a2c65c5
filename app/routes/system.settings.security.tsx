import { LogOut } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/system.settings.security";
import { SimpleField } from "~/features/access/simple-field";
import { SessionsCard } from "~/features/access/user-detail";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { titleMeta } from "~/lib/titles";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { readFlash } from "../../server/http/pages/flash.server.ts";
import { settingsAction, type SettingsActionData } from "../../server/features/access/settings-page.server.ts";
import { mySessions } from "../../server/features/access/pages.server.ts";

// /system/settings/security: change your password (POST /settings/password: the current one is
// required, other sessions end) and the browsers signed in as you, with "sign out other sessions".

export const meta = () => titleMeta("system-settings-security");

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessions = await mySessions(serviceContextOf(context));
  const { flash, clear } = readFlash(request);
  return data({ sessions, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export function action(args: Route.ActionArgs) {
  return settingsAction(args);
}

export default function SecuritySettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as SettingsActionData;
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errors = result?.intent === "password" ? result.errors : {};
  const others = loaderData.sessions.filter((s) => !s.current).length;
  return (
    <>
      <FlashMessage flash={loaderData.flash as FlashData | null} />
      <Card>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>At least 8 characters with three of: lower-case, upper-case, digits, symbols. Every other browser signed in as you is signed out.</CardDescription>
        </CardHeader>
        <Form method="post" className="flex flex-col gap-4" data-testid="password-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="password" />
          {/* Lets password managers pair the new password with the account. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <SimpleField name="current_password" label="Current password" type="password" required autoComplete="current-password" className="flex flex-col gap-1.5 sm:col-span-2 sm:max-w-sm" errors={errors.current_password} />
            <SimpleField name="password" label="New password" type="password" required minLength={8} maxLength={128} autoComplete="new-password" errors={errors.password} />
            <SimpleField name="password_confirmation" label="Confirm new password" type="password" required autoComplete="new-password" errors={errors.password_confirmation} />
          </CardContent>
          <CardFooter>
            <Button type="submit" disabled={busy("password")}>
              {busy("password") ? <Spinner size="sm" label="Saving…" /> : null}
              Change password
            </Button>
          </CardFooter>
        </Form>
      </Card>
      <SessionsCard
        sessions={loaderData.sessions}
        canSignOut
        title="Where you are signed in"
        description="Sign out a browser you no longer use, or every browser but this one."
        extra={
          others > 0 ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="sign-out-others" />
              <Button type="submit" variant="outline" disabled={busy("sign-out-others")} data-testid="sign-out-others">
                {busy("sign-out-others") ? <Spinner size="sm" label="Signing out…" /> : <LogOut aria-hidden="true" />}
                Sign out other sessions
              </Button>
            </Form>
          ) : null
        }
      />
    </>
  );
}

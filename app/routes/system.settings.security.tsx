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
import { m } from "@domain/i18n";

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
  const changingPassword = busy("password");
  const errors = result?.intent === "password" ? result.errors : {};
  const others = loaderData.sessions.filter((s) => !s.current).length;
  return (
    <>
      <FlashMessage flash={loaderData.flash as FlashData | null} />
      <Card>
        <CardHeader>
          <CardTitle>{m.shell_security_password_title()}</CardTitle>
          <CardDescription>{m.shell_security_password_description()}</CardDescription>
        </CardHeader>
        <Form method="post" className="flex flex-col gap-4" data-testid="password-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="password" />
          {/* Lets password managers pair the new password with the account. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <SimpleField
              name="current_password"
              label={m.shell_security_current_password()}
              type="password"
              required
              autoComplete="current-password"
              className="flex flex-col gap-1.5 sm:col-span-2 sm:max-w-sm"
              errors={errors.current_password}
            />
            <SimpleField
              name="password"
              label={m.shell_security_new_password()}
              type="password"
              required
              minLength={8}
              maxLength={128}
              autoComplete="new-password"
              errors={errors.password}
            />
            <SimpleField
              name="password_confirmation"
              label={m.shell_security_confirm_password()}
              type="password"
              required
              autoComplete="new-password"
              errors={errors.password_confirmation}
            />
          </CardContent>
          <CardFooter>
            <Button type="submit" disabled={busy("password")}>
              {changingPassword ? <Spinner size="sm" label={m.shell_saving()} /> : null}
              {m.shell_security_change_password()}
            </Button>
          </CardFooter>
        </Form>
      </Card>
      <SessionsCard
        sessions={loaderData.sessions}
        canSignOut
        title={m.shell_security_sessions_title()}
        description={m.shell_security_sessions_description()}
        extra={
          others > 0 ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="sign-out-others" />
              <Button type="submit" variant="outline" disabled={busy("sign-out-others")} data-testid="sign-out-others">
                {busy("sign-out-others") ? <Spinner size="sm" label={m.shell_security_signing_out()} /> : <LogOut aria-hidden="true" />}
                {m.shell_security_sign_out_others()}
              </Button>
            </Form>
          ) : null
        }
      />
    </>
  );
}

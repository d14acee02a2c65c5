import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/system.settings.notifications";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Spinner } from "~/components/ui/spinner";
import { NOTIFICATION_TOPICS } from "@domain/notification-topics";
import { titleMeta } from "~/lib/titles";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { readFlash } from "../../server/http/pages/flash.server.ts";
import { settingsAction } from "../../server/features/access/settings-page.server.ts";
import { myNotificationPreferences } from "../../server/features/access/pages.server.ts";
import { m } from "@domain/i18n";

// /system/settings/notifications: which realtime notifications you want on screen.

export const meta = () => titleMeta("system-settings-notifications");

export async function loader({ request, context }: Route.LoaderArgs) {
  const preferences = await myNotificationPreferences(serviceContextOf(context));
  const { flash, clear } = readFlash(request);
  return data({ preferences, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export function action(args: Route.ActionArgs) {
  return settingsAction(args);
}

export default function NotificationSettings({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "notifications";
  const prefs = loaderData.preferences as Record<string, boolean>;
  return (
    <>
      <FlashMessage flash={loaderData.flash as FlashData | null} />
      <Card>
        <CardHeader>
          <CardTitle>{m.shell_settings_notifications()}</CardTitle>
          <CardDescription>{m.shell_notifications_description()}</CardDescription>
        </CardHeader>
        <Form method="post" className="flex flex-col gap-4" data-testid="notifications-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="notifications" />
          <CardContent>
            <fieldset>
              <legend className="sr-only">{m.shell_notifications_topics()}</legend>
              <ul className="flex flex-col divide-y rounded-md border">
                {NOTIFICATION_TOPICS.map((topic) => (
                  <li key={topic.key}>
                    <label
                      htmlFor={`topic-box-${topic.key}`}
                      className="flex cursor-pointer items-start gap-3 px-3 py-3 hover:bg-accent/40"
                    >
                      <Checkbox
                        id={`topic-box-${topic.key}`}
                        name="topics"
                        value={topic.key}
                        defaultChecked={prefs[topic.key]}
                        className="mt-0.5"
                        aria-describedby={`topic-${topic.key}`}
                      />
                      <span className="flex flex-col gap-0.5">
                        <span className="text-sm font-medium">{topic.label()}</span>
                        <span id={`topic-${topic.key}`} className="text-sm text-muted-foreground">
                          {topic.description()}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          </CardContent>
          <CardFooter>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner size="sm" label={m.shell_saving()} /> : null}
              {m.shell_notifications_save()}
            </Button>
          </CardFooter>
        </Form>
      </Card>
    </>
  );
}

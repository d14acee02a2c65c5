import type { Route } from "./+types/system.settings.account";
import { AccountSettingsCards } from "~/features/access/account-settings";
import { titleMeta } from "~/lib/titles";
import { accountSettingsLoader, settingsAction } from "../../server/features/access/settings-page.server.ts";

/** What a refused save answers (the form it was, its errors and what was typed), for the page's screen. */
export type { SettingsActionData } from "../../server/features/access/settings-page.server.ts";

// /system/settings/account: the username and e-mail you sign in with (POST /settings/account) and
// your name as the portal shows and prints it (POST /settings/identity).

export const meta = () => titleMeta("system-settings-account");

export function loader(args: Route.LoaderArgs) {
  return accountSettingsLoader(args);
}

export function action(args: Route.ActionArgs) {
  return settingsAction(args);
}

export default function AccountSettings(props: Route.ComponentProps) {
  return <AccountSettingsCards loaderData={props.loaderData} actionData={props.actionData} />;
}

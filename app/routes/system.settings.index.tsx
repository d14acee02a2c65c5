import { redirect } from "react-router";

// /system/settings opens its first child, the account.
export function loader() {
  return redirect("/system/settings/account");
}

export default function SettingsIndex() {
  return null;
}

/**
 * Page title rule (spec §2.1): the last dash-separated segment of the route name, in capitalised
 * words, followed by " | Portal". "manage-residents-id-profile" → "Profile | Portal".
 */
export function titleFromRouteName(routeName: string): string {
  const last = routeName.split("-").filter(Boolean).pop() ?? "";
  const words = last.replace(/_/g, " ").trim();
  return words.replace(/\b\w/g, (c) => c.toUpperCase());
}

export function pageTitle(routeName: string): string {
  const title = titleFromRouteName(routeName);
  return title ? `${title} | Portal` : "Portal";
}

export function titleMeta(routeName: string) {
  return [{ title: pageTitle(routeName) }];
}

import type { Route } from "./+types/kp.lupon-form.print";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { KpFormRefused, KpFormSheet } from "~/features/kp/forms/form-sheet";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { kpLuponFormPrint } from "../../server/features/kp/forms-pages.server.ts";

// /manage/kp/lupon/forms/{form}/print?language&paper&member (decision 203): the Lupon formation
// forms — 1 and 4 list the members serving today, 2, 3, 5 and 6 are one member's (?member=id).
// Needs view-lupon_member.

export const middleware: Route.MiddlewareFunction[] = [requirePermission("view-lupon_member")];

export function loader(args: Route.LoaderArgs) {
  return kpLuponFormPrint(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const doc = loaderData?.doc;
  return [{ title: doc ? `${doc.form.numberLabel}${doc.member ? ` · ${doc.member.name}` : ""} | Portal` : "KP form | Portal" }];
}

export default function KpLuponFormPrint({ loaderData }: Route.ComponentProps) {
  if (!loaderData.doc)
    return <KpFormRefused message={loaderData.refused} status={loaderData.status} backTo="/manage/kp/forms" backLabel="KP forms" />;
  return <KpFormSheet doc={loaderData.doc} backTo="/manage/kp/forms" backLabel="KP forms" />;
}

export const ErrorBoundary = ShellErrorBoundary;

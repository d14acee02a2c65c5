import { data } from "react-router";
import type { Route } from "./+types/parameters.officials";
import { ResourcePage } from "~/components/resource/resource-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { ImagesCard } from "~/features/officials/images-card";
import { pageTitle } from "~/lib/titles";
import { resourceAction, resourceLoader } from "../../server/http/pages/resource-page.server.ts";
import { refusalsAsFlash } from "../../server/http/pages/page-kit.server.ts";
import { IMAGE_INTENTS, imageAction, imagesPanel, type ImageActionData } from "../../server/features/officials/pages.server.ts";

// /system/parameters/officials: the registry's list of the signing officials and
// their terms (create, edit, delete, restore, history from the generic screens), and the barangay
// seal and municipal logo that the prints show in their headers.

export async function loader(args: Route.LoaderArgs) {
  const result = await resourceLoader(args);
  return data({ ...result.data, panel: await imagesPanel(args) }, result.init ?? undefined);
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.clone().formData();
  if (IMAGE_INTENTS.has(String(form.get("intent")))) return imageAction(args, form);
  return refusalsAsFlash(args, form, () => resourceAction(args));
}

export function meta() {
  return [{ title: pageTitle("system-parameters-officials") }];
}

export default function OfficialsPage({ loaderData, actionData }: Route.ComponentProps) {
  const def = loaderData.def;
  const errors = (actionData as ImageActionData | undefined)?.imageErrors;
  return (
    <div className="flex flex-col gap-8">
      <ResourcePage key={def.name} data={loaderData} />
      <ImagesCard images={loaderData.panel.images} canChange={loaderData.panel.canChange} errors={errors} />
    </div>
  );
}

export const ErrorBoundary = ShellErrorBoundary;

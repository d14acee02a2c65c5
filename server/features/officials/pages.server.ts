import { data } from "react-router";
import { MSG_UPDATED } from "../../../domain/registry/messages.ts";
import { can } from "../../../domain/permissions.ts";
import { isAppError } from "../../errors.ts";
import { serviceContextOf } from "../../http/pages/context.ts";
import { redirectWithFlash, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import {
  barangayImages,
  IMAGE_LABELS,
  isBarangayImageKind,
  removeBarangayImage,
  setBarangayImage,
  type BarangayImages,
  type BarangayImageKind,
} from "./service.ts";

// The page adapter of /system/parameters/officials beyond the registry's list: the
// seal and the logo, uploaded and removed with a form of their own (multipart, without JavaScript).

export { barangayImages, isBarangayImageKind, officialsOn, printedOfficials, readBarangayImage } from "./service.ts";

export interface ImagesPanel {
  images: BarangayImages;
  canChange: boolean;
}

export async function imagesPanel(args: PageArgs): Promise<ImagesPanel> {
  const ctx = serviceContextOf(args.context);
  return { images: await barangayImages(ctx), canChange: can(ctx.user, "update-official") };
}

export type ImageActionData = { imageErrors: Partial<Record<BarangayImageKind, string[]>> };

export const IMAGE_INTENTS = new Set(["upload-image", "remove-image"]);

export async function imageAction(args: PageArgs, form: FormData) {
  const ctx = serviceContextOf(args.context);
  const kind = form.get("kind");
  if (!isBarangayImageKind(kind)) throw data("This page could not be found.", { status: 404 });
  try {
    if (form.get("intent") === "remove-image") {
      await removeBarangayImage(ctx, kind);
    } else {
      const file = form.get(kind);
      if (!file || typeof file === "string" || file.size === 0)
        return data({ imageErrors: { [kind]: [`Choose the ${IMAGE_LABELS[kind]} first.`] } } satisfies ImageActionData, { status: 422 });
      await setBarangayImage(ctx, kind, new Uint8Array(await file.arrayBuffer()));
    }
    return redirectWithFlash(args, form, { message: MSG_UPDATED, type: "success" });
  } catch (error) {
    if (isAppError(error) && error.status === 422 && error.errors)
      return data({ imageErrors: { [kind]: Object.values(error.errors).flat() } } satisfies ImageActionData, { status: 422 });
    return rethrowForPage(error);
  }
}

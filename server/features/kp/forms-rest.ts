import type { Request, Response, Router } from "express";
import type { DB } from "../../../db/index.ts";
import { AppError } from "../../errors.ts";
import { handle, requireUser, serviceContext } from "../../http/rest/index.ts";
import { KP_FORMS, kpBlocksText } from "../../../domain/kp/forms.ts";
import { logRecordPrint } from "../audit/pages.server.ts";
import { kpCaseFormDocument, kpFormPrintDetail, kpFormSettings, kpLuponFormDocument, saveKpFormSettings } from "./forms.ts";

// The KP forms over REST (decision 203), the same documents the print views draw:
// - GET kp_forms: {data: {forms: the catalogue, settings: the barangay's language and paper}};
// - PUT kp_forms/settings {language, paper}: the barangay's defaults;
// - GET kp_case/{id}/forms/{form}?language&paper&member: the filled form, its text as words too
//   (logged as a print of the case, as the page is);
// - GET lupon_member/forms/{form}?language&paper&member: a Lupon formation form.

function queryParams(req: Request): URLSearchParams {
  return new URL(req.originalUrl, "http://local").searchParams;
}
function originOf(req: Request): string {
  return `${req.protocol}://${req.get("host") ?? "localhost"}`;
}

export function registerKpFormRoutes(router: Router, db: DB): void {
  const ctxOf = (req: Request) => {
    requireUser(req);
    return serviceContext(req, db);
  };
  router.get(
    "/api/kp_forms",
    handle(async (req: Request, res: Response) => {
      const ctx = ctxOf(req);
      res.json({ data: { forms: KP_FORMS, settings: await kpFormSettings(ctx) } });
    }),
  );
  router.put(
    "/api/kp_forms/settings",
    handle(async (req: Request, res: Response) => {
      const ctx = ctxOf(req);
      res.json({ data: await saveKpFormSettings(ctx, req.body), message: "Successfully updated the KP forms' settings." });
    }),
  );
  router.get(
    "/api/kp_case/:id/forms/:form",
    handle(async (req: Request, res: Response) => {
      const ctx = ctxOf(req);
      const id = Number(req.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError(404, "The KP case could not be found.");
      const doc = await kpCaseFormDocument(ctx, id, String(req.params.form), queryParams(req), originOf(req));
      await logRecordPrint(ctx, "kp_case", id, kpFormPrintDetail(doc));
      res.json({ data: { ...doc, text: kpBlocksText(doc.blocks) } });
    }),
  );
  router.get(
    "/api/lupon_member/forms/:form",
    handle(async (req: Request, res: Response) => {
      const ctx = ctxOf(req);
      const doc = await kpLuponFormDocument(ctx, String(req.params.form), queryParams(req));
      res.json({ data: { ...doc, text: kpBlocksText(doc.blocks) } });
    }),
  );
}

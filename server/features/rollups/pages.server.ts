import { data, type MiddlewareFunction } from "react-router";
import { todayInManila } from "../../../domain/dates.ts";
import { can } from "../../../domain/permissions.ts";
import { PAPER_SIZES, type Orientation, type PaperSize } from "../../../domain/reports/types.ts";
import {
  findRollup,
  parseRollupPeriod,
  ROLLUP_PERMISSION,
  rollupYears,
  type RollupPeriod,
  type RollupResult,
} from "../../../domain/rollups.ts";
import { getRequestContext, serviceContextOf } from "../../http/pages/context.ts";
import { pageUrl, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { rollupWorkbook } from "./export.ts";
import { officerMunicipality, rollupsFor, runRollup } from "./service.ts";

// The page adapters of the roll-ups (/hub/rollups…): the index, a roll-up's page, its print view
// and its XLSX. Thin: they read the address and call service.ts, where the rules are.

const NOT_AUTHORIZED = "You are not authorized to view this page.";

/**
 * Every roll-up route: the roll-ups' permission, or 403 — a barangay's own users included (their
 * roles never hold it). The service checks again that the user is a municipal officer of the hub.
 */
export const requireRollups: MiddlewareFunction<Response> = ({ context }) => {
  if (!can(getRequestContext(context).user, ROLLUP_PERMISSION)) throw data(NOT_AUTHORIZED, { status: 403 });
};

/** The periods a roll-up's form offers: the years, and the current quarter's and range's defaults. */
export interface RollupChoices {
  years: number[];
  quarter: RollupPeriod;
  range: RollupPeriod;
}

function choices(today: string): RollupChoices {
  return {
    years: rollupYears(today),
    quarter: parseRollupPeriod("quarter", {}, today),
    range: parseRollupPeriod("range", {}, today),
  };
}

export async function rollupsIndex(args: PageArgs) {
  const ctx = serviceContextOf(args.context);
  try {
    const municipality = await officerMunicipality(ctx);
    return {
      municipality: { name: municipality.name, psgc_code: municipality.psgc_code, province: municipality.province },
      barangays: municipality.barangays.map((b) => b.name),
      rollups: rollupsFor(ctx).map((def) => ({ name: def.name, title: def.title, answers: def.answers, period: def.period })),
      choices: choices(todayInManila()),
    };
  } catch (error) {
    return rethrowForPage(error, NOT_AUTHORIZED);
  }
}

export interface RollupPageData {
  result: RollupResult;
  choices: RollupChoices;
}

export async function rollupPage(args: PageArgs, name: string): Promise<RollupPageData> {
  if (!findRollup(name)) throw data("The roll-up could not be found.", { status: 404 });
  try {
    const result = await runRollup(serviceContextOf(args.context), name, pageUrl(args).searchParams);
    return { result, choices: choices(todayInManila()) };
  } catch (error) {
    return rethrowForPage(error, NOT_AUTHORIZED);
  }
}

export interface RollupPrintData {
  result: RollupResult;
  paper: { size: PaperSize; orientation: Orientation };
  printedAt: string;
  printedBy: string;
}

export async function rollupPrint(args: PageArgs, name: string): Promise<RollupPrintData> {
  const def = findRollup(name);
  if (!def) throw data("The roll-up could not be found.", { status: 404 });
  const ctx = serviceContextOf(args.context);
  const params = pageUrl(args).searchParams;
  try {
    const result = await runRollup(ctx, name, params);
    const size = PAPER_SIZES.find((p) => p.value === params.get("size"))?.value ?? def.paper.size;
    const asked = params.get("orientation");
    const orientation: Orientation = asked === "landscape" || asked === "portrait" ? asked : def.paper.orientation;
    return { result, paper: { size, orientation }, printedAt: new Date().toISOString(), printedBy: ctx.user?.user_profile.fullname ?? "" };
  } catch (error) {
    return rethrowForPage(error, NOT_AUTHORIZED);
  }
}

export async function rollupDownload(args: PageArgs, name: string): Promise<Response> {
  if (!findRollup(name)) throw data("The roll-up could not be found.", { status: 404 });
  try {
    const result = await runRollup(serviceContextOf(args.context), name, pageUrl(args).searchParams);
    const file = await rollupWorkbook(result);
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    return rethrowForPage(error, NOT_AUTHORIZED);
  }
}

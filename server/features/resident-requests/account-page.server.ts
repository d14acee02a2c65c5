import { data } from "react-router";
import { can } from "../../../domain/permissions.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import { serviceContextOf, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { giveResidentAccount } from "./service.ts";

// The staff's page that gives a resident an account (decision 208): thin over giveResidentAccount.

async function residentOf(args: PageArgs, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) throw data("Not Found", { status: 404 });
  const ctx = serviceContextOf(args.context);
  if (!can(ctx.user, "update-resident")) throw data("You are not authorize to perform this action", { status: 403 });
  const row = await ctx.db
    .selectFrom("users as u")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .select(["u.id", "u.username", fullNameOf("p").as("name")])
    .where("u.id", "=", id)
    .where("u.kind", "=", "resident")
    .where("u.deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw data("This page could not be found.", { status: 404 });
  return { ctx, resident: { id: Number(row.id), username: row.username, name: row.name } };
}

export async function residentAccountPage(args: PageArgs, id: number) {
  const { resident } = await residentOf(args, id);
  return { resident };
}

export async function residentAccountAction(args: PageArgs, id: number) {
  const { ctx } = await residentOf(args, id);
  try {
    return { given: await giveResidentAccount(ctx, id) };
  } catch (error) {
    rethrowForPage(error);
  }
}

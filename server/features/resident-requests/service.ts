import { sql } from "kysely";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, notFound, ValidationError } from "../../errors.ts";
import { can } from "../../../domain/permissions.ts";
import { ResourceEngine, type AnySelect, type Row } from "../../engine/engine.ts";
import { recordRun, type CommandHandler, type CommandRun } from "../../engine/commands.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { serviceFor } from "../../engine/services.ts";
import { audit } from "../../engine/audit.ts";
import type { CommandDef } from "../../../domain/registry/types.ts";
import {
  certificateRequestSchema,
  correctionAskSchema,
  RESIDENT_REQUEST_KINDS,
  RESIDENT_REQUEST_STATES,
  type ResidentRequestCommandName,
} from "../../../domain/registry/resident-requests.ts";
import { checkCustomValues } from "../certificates/service.ts";
import { certificateDocument } from "../certificates/print-model.ts";
import { generatePassword, hashPassword } from "../../auth/passwords.ts";
import { generateUsername } from "../access/access.ts";
import type { Label } from "../../../domain/i18n/labels.ts";
import { RESIDENT_REQUEST_KIND_LABEL, RESIDENT_REQUEST_STATE_LABEL } from "../../../domain/registry/labels-resident-requests.ts";

// Residents ask from home (decision 208). A resident (spec §3: residents are users) signs in with
// the account staff gave them and files requests from /my; staff work them from the registry's list
// by recorded commands. Every rule of the request lives here; the pages and REST only adapt.

/** A request as the engine reads it (the list, a command's row). */
export interface ResidentRequestRow extends Row {
  id: number;
  resident_id: number;
  kind: "certificate" | "correction";
  state: string;
  transaction_type_id: number | null;
  transaction_id: number | null;
  purpose: string | null;
  details: string | null;
  reason: string | null;
  title: string;
}

/** A column's words in the reader's language: the list, its sort and its export read the same. */
const labelCase = <K extends string>(column: string, labels: Readonly<Record<K, Label>>, keys: readonly K[]) =>
  sql<string>`case ${sql.ref(column)} ${sql.join(
    keys.map((k) => sql`when ${sql.lit(k)} then ${sql.lit(labels[k]())}`),
    sql` `,
  )} else ${sql.ref(column)} end`;

/** A signed-in resident: refused (403) for anyone else, so staff use the list, not the resident's page. */
function residentOf(ctx: ServiceContext): number {
  if (!ctx.user) throw new AppError(401, "Unauthenticated.");
  if (ctx.user.kind !== "resident") throw forbidden();
  return ctx.user.id;
}

export class ResidentRequestService extends ResourceEngine<ResidentRequestRow> {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([
      labelCase("t.state", RESIDENT_REQUEST_STATE_LABEL, RESIDENT_REQUEST_STATES).as("state_label"),
      labelCase("t.kind", RESIDENT_REQUEST_KIND_LABEL, RESIDENT_REQUEST_KINDS).as("kind_label"),
      // "Barangay Clearance #12", "Correction #13": what the list and the messages call it.
      sql<string>`case when t.kind = 'certificate' then coalesce((select name from transaction_types where id = t.transaction_type_id), 'Certificate') else 'Correction' end || ' request #' || t.id`.as(
        "title",
      ),
      sql<string | null>`coalesce(t.purpose, t.details)`.as("purpose"),
    ]);
  }

  /** Requests are filed by the resident (/my), never typed in by staff. */
  override async create(): Promise<ResidentRequestRow> {
    throw new AppError(405, "A request is filed by the resident from their own page.");
  }

  override async update(): Promise<ResidentRequestRow> {
    throw new AppError(405, "A request is changed only by its commands.");
  }

  protected override async beforeDelete(): Promise<void> {
    throw new AppError(422, "A request is not deleted: refuse it with a reason.");
  }

  protected override commandHandlers(): Readonly<Record<string, CommandHandler<ResidentRequestRow>>> {
    return { approve, refuse, ready, release, resolve } satisfies Partial<
      Record<ResidentRequestCommandName, CommandHandler<ResidentRequestRow>>
    >;
  }

  /** A correction is resolved (or refused); only a certificate request is approved, made ready and released. */
  protected override async beforeCommand(_ctx: ServiceContext, command: CommandDef, row: ResidentRequestRow): Promise<void> {
    const forCertificate = ["approve", "ready", "release"].includes(command.name);
    if (forCertificate && row.kind !== "certificate") throw new AppError(422, `${row.title} is a correction: resolve or refuse it.`);
    if (command.name === "resolve" && row.kind !== "correction")
      throw new AppError(422, `${row.title} is a certificate request: approve or refuse it.`);
  }

  // ---- the resident's own -------------------------------------------------------------------

  /** The resident asks for a certificate: the type's custom fields are checked as the certificates area checks them. */
  async requestCertificate(ctx: ServiceContext, input: Record<string, unknown>) {
    const residentId = residentOf(ctx);
    const parsed = certificateRequestSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const type = await ctx.db
      .selectFrom("transaction_types")
      .select(["id", "name", "custom_forms"])
      .where("id", "=", parsed.data.transaction_type_id)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!type) throw ValidationError.field("transaction_type_id", "The selected transaction type is invalid.");
    const given = (input.custom_values && typeof input.custom_values === "object" ? input.custom_values : {}) as Record<string, string>;
    const custom = checkCustomValues(type.custom_forms, { ...given, purpose: parsed.data.purpose });
    return this.file(ctx, residentId, {
      kind: "certificate",
      transaction_type_id: Number(type.id),
      purpose: parsed.data.purpose,
      custom_values: JSON.stringify(custom),
    });
  }

  /** The resident asks for a correction of their record (RA 10173 §16(d)); staff correct it and resolve the request. */
  async requestCorrection(ctx: ServiceContext, input: Record<string, unknown>) {
    const residentId = residentOf(ctx);
    const parsed = correctionAskSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    return this.file(ctx, residentId, { kind: "correction", details: parsed.data.details });
  }

  private async file(ctx: ServiceContext, residentId: number, values: Record<string, unknown>) {
    return inTransaction(ctx, async (tx) => {
      const id = await recordRun(tx, { entity: "resident_request", command: "request" }, null, null, async (recorder) => {
        const inserted = await recorder.insert("resident_request", {
          resident_id: residentId,
          state: "requested",
          ...values,
        });
        await recorder.subjectIs(inserted);
        return inserted;
      });
      return this.mineOne(tx, id);
    });
  }

  /** The resident's requests, newest first, with what each became. */
  async mine(ctx: ServiceContext) {
    const residentId = residentOf(ctx);
    return this.ownRows(ctx, residentId).execute();
  }

  /** One of the resident's requests: another's is a 404, as an unknown one (it does not exist for them). */
  async mineOne(ctx: ServiceContext, id: number) {
    const residentId = residentOf(ctx);
    const row = await this.ownRows(ctx, residentId).where("r.id", "=", id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  private ownRows(ctx: ServiceContext, residentId: number) {
    return ctx.db
      .selectFrom("resident_requests as r")
      .leftJoin("transaction_types as tt", "tt.id", "r.transaction_type_id")
      .leftJoin("transactions as tr", "tr.id", "r.transaction_id")
      .select([
        "r.id",
        "r.kind",
        "r.state",
        "r.purpose",
        "r.details",
        "r.reason",
        "r.custom_values",
        "r.requested_at",
        "r.decided_at",
        "tt.name as type_name",
        "tt.custom_forms",
        "tr.reference_number",
        sql<string | null>`tr.amount::text`.as("amount"),
      ])
      .where("r.resident_id", "=", residentId)
      .where("r.deleted_at", "is", null)
      .orderBy("r.requested_at", "desc")
      .orderBy("r.id", "desc");
  }

  /**
   * The resident's released certificate: the same document, PDF and verification code as the staff
   * print (certificateDocument). The certificates service asks view-transaction of its reader; the
   * resident holds none, so this read is lent that one permission, for this one transaction, after
   * checking it is theirs and released. The download is counted and audited as a print.
   */
  async myCertificate(ctx: ServiceContext, id: number, origin: string) {
    const row = await this.mineOne(ctx, id);
    if (row.kind !== "certificate" || row.state !== "released") throw new AppError(422, "This certificate is not released yet.");
    const request = await ctx.db.selectFrom("resident_requests").select("transaction_id").where("id", "=", id).executeTakeFirstOrThrow();
    const user = ctx.user!;
    const lent: ServiceContext = { ...ctx, user: { ...user, permissions: [...user.permissions, "view-transaction"] } };
    const doc = await certificateDocument(lent, Number(request.transaction_id), { count: true, origin });
    await audit(ctx, { entity: "resident_request", entityId: id, action: "download", after: { transaction_id: request.transaction_id } });
    return doc;
  }
}

// ---- staff commands ---------------------------------------------------------------------------

/** Approving creates the transaction exactly as the Secretary's own create does: through its service. */
async function approve(run: CommandRun<ResidentRequestRow>): Promise<void> {
  const stored = await run.ctx.db
    .selectFrom("resident_requests")
    .select(["resident_id", "transaction_type_id", "custom_values"])
    .where("id", "=", run.row.id)
    .executeTakeFirstOrThrow();
  if (!can(run.ctx.user, "create-transaction")) throw forbidden();
  const created = await serviceFor("transaction").create(run.ctx, {
    transaction_type_id: Number(stored.transaction_type_id),
    issued_to_user_id: Number(stored.resident_id),
    custom_values: stored.custom_values,
  });
  await run.change("resident_request", run.row.id, { transaction_id: created.id, decided_at: new Date() });
}

async function refuse(run: CommandRun<ResidentRequestRow>): Promise<void> {
  await run.change("resident_request", run.row.id, { reason: run.reason, decided_at: new Date() });
}

async function ready(): Promise<void> {}

/** A certificate with a fee is released only once its official receipt exists (the collections area records it). */
async function release(run: CommandRun<ResidentRequestRow>): Promise<void> {
  const transaction = await serviceFor("transaction").read(run.ctx, Number(run.row.transaction_id));
  if (transaction.deleted_at) throw new AppError(422, `${transaction.reference_number} is cancelled; it cannot be released.`);
  if (transaction.payment_status === "Unpaid")
    throw new AppError(
      422,
      `${transaction.reference_number} is not paid yet: its fee must be paid through an official receipt before it is released.`,
    );
}

async function resolve(run: CommandRun<ResidentRequestRow>): Promise<void> {
  await run.change("resident_request", run.row.id, { reason: run.reason, decided_at: new Date() });
}

// ---- the resident's account -------------------------------------------------------------------

/**
 * Gives a resident an account (or a new password): a generated username (from the name, as the
 * users screen generates one) and password, shown once to the staff, who hand them to the resident.
 * new_user marks it unused until the first sign-in. Needs update-resident.
 */
export async function giveResidentAccount(ctx: ServiceContext, residentId: number): Promise<{ username: string; password: string }> {
  if (!can(ctx.user, "update-resident")) throw forbidden();
  return inTransaction(ctx, async (tx) => {
    const person = await tx.db
      .selectFrom("users as u")
      .innerJoin("user_profiles as p", "p.user_id", "u.id")
      .select(["u.id", "u.kind", "u.username", "u.deleted_at", "p.firstname", "p.lastname"])
      .where("u.id", "=", residentId)
      .forUpdate("u")
      .executeTakeFirst();
    if (!person || person.kind !== "resident" || person.deleted_at) throw notFound();
    const username = person.username ?? (await generateUsername(tx, { firstname: person.firstname, lastname: person.lastname ?? "" }));
    const password = generatePassword();
    await tx.db
      .updateTable("users")
      .set({
        username,
        password_hash: await hashPassword(password),
        new_user: true,
        updated_at: sql`now()`,
        updated_by: tx.user?.id ?? null,
      })
      .where("id", "=", residentId)
      .execute();
    await audit(tx, {
      entity: "resident",
      entityId: residentId,
      action: person.username ? "account_password" : "account_given",
      after: { username },
    });
    return { username, password };
  });
}

/** The signed-in resident's own profile, read-only: what the barangay holds of them. */
export async function myProfile(ctx: ServiceContext) {
  const residentId = residentOf(ctx);
  const row = await ctx.db
    .selectFrom("users as u")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .leftJoin("puroks as pk", "pk.id", "p.purok_id")
    .select([
      "u.id",
      "u.username",
      "u.email",
      "p.firstname",
      "p.middlename",
      "p.lastname",
      "p.suffix",
      "p.sex",
      "p.date_of_birth",
      "p.place_of_birth",
      "p.civil_status",
      "p.contact_number",
      "p.house_number",
      "p.street",
      "pk.name as purok",
    ])
    .where("u.id", "=", residentId)
    .executeTakeFirstOrThrow();
  await audit(ctx, { entity: "resident", entityId: residentId, action: "view_own" });
  return row;
}

/** The transaction types a resident may ask for, with their custom fields and fees. */
export { issueTypes as requestableTypes } from "../certificates/pages.server.ts";

import { sql } from "kysely";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, ValidationError } from "../../errors.ts";
import { can } from "../../../domain/permissions.ts";
import { ResourceEngine, type AnySelect, type EntryRow } from "../../engine/engine.ts";
import { nextYearlyNumber } from "../../engine/documents.ts";
import type { CommandHandler } from "../../engine/commands.ts";
import type { CommandDef, InputOf } from "../../../domain/registry/types.ts";
import {
  KP_STATE_LABELS,
  KP_STATES,
  KP_STEP_RULES,
  type kpHearing,
  type KpCaseInput,
  type KpCommandName,
  type KpState,
} from "../../../domain/registry/kp.ts";
import { kpStateLabel } from "../../../domain/kp/labels.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import type { KpCaseRow } from "./steps.ts";
import { caseReader, logCaseRead } from "./readers.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { sweepKpDeadlines } from "./clock.ts";

export type { KpCaseRow };
import { fileCase } from "./commands/file-case.ts";
import { summon } from "./commands/summon.ts";
import { mediate } from "./commands/mediate.ts";
import { referToPangkat } from "./commands/refer-to-pangkat.ts";
import { conciliate } from "./commands/conciliate.ts";
import { constitutePangkat } from "./commands/constitute-pangkat.ts";
import { electPangkatOfficers } from "./commands/elect-pangkat-officers.ts";
import { replacePangkatMember } from "./commands/replace-pangkat-member.ts";
import { extendConciliation } from "./commands/extend-conciliation.ts";
import { moveForExecution } from "./commands/move-for-execution.ts";
import { transmit } from "./commands/transmit.ts";
import { agreeToArbitrate } from "./commands/agree-to-arbitrate.ts";
import { award } from "./commands/award.ts";
import { settle } from "./commands/settle.ts";
import { repudiate } from "./commands/repudiate.ts";
import { execute } from "./commands/execute.ts";
import { certifyFileAction } from "./commands/certify-file-action.ts";
import { certifyBarAction } from "./commands/certify-bar-action.ts";
import { certifyBarCounterclaim } from "./commands/certify-bar-counterclaim.ts";
import { dismiss } from "./commands/dismiss.ts";
import { withdraw } from "./commands/withdraw.ts";

// The Katarungang Pambarangay cases (decision 200): the docket number at filing, the parties the
// records must allow, the procedure's steps as recorded commands with the law's reasons, and every
// view of a case in the access log (records are for the KP permissions' holders; hearings are public unless closed, §414).

type KpCaseValues = KpCaseInput & { docket_number?: string };

/** The states in which the case's record (title, complaint, parties) may still be corrected. */
const EDITABLE: readonly KpState[] = ["filed", "summoned", "mediation", "pangkat", "conciliation", "arbitration"];

/**
 * The parties picked from the records: each an active resident or non-resident (a natural person).
 * An organization is refused with the law's reason: only natural persons come before the Lupon.
 */
async function assertPartiesArePersons(ctx: ServiceContext, parties: KpCaseInput["parties"]): Promise<void> {
  const ids = [...new Set(parties.map((p) => p.user_id).filter((id): id is number => id != null))];
  if (ids.length === 0) return;
  const users = await ctx.db.selectFrom("users").select(["id", "kind"]).where("id", "in", ids).where("deleted_at", "is", null).execute();
  const kinds = new Map(users.map((u) => [Number(u.id), u.kind]));
  const errors: Record<string, string[]> = {};
  parties.forEach((p, i) => {
    if (p.user_id == null) return;
    const kind = kinds.get(p.user_id);
    if (kind === "organization")
      errors[`parties.${i}.user_id`] = [
        "Only natural persons come before the Lupon: a corporation or organization is no party to a KP case (RA 7160 §408).",
      ];
    else if (kind !== "resident" && kind !== "non_resident") errors[`parties.${i}.user_id`] = ["The selected resident is invalid."];
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/**
 * The venue the case records (§409) against what the resident records show (decision 202). A party
 * picked as a resident lives here; one picked as a non-resident, or marked as living outside the
 * city or municipality, does not; a party typed by name with an address is taken as the complaint
 * states it. A ground those records contradict is refused on its field, naming §409, unless the
 * parties agreed to bring the dispute here.
 */
async function assertVenue(ctx: ServiceContext, values: KpCaseInput): Promise<void> {
  const ids = [...new Set(values.parties.map((p) => p.user_id).filter((id): id is number => id != null))];
  const users = ids.length
    ? await ctx.db
        .selectFrom("users as u")
        .leftJoin("user_profiles as p", "p.user_id", "u.id")
        .select(["u.id", "u.kind", fullNameOf("p").as("fullname")])
        .where("u.id", "in", ids)
        .execute()
    : [];
  const byId = new Map(users.map((u) => [Number(u.id), u]));
  const sides = values.parties.filter((p) => p.role !== "witness");
  const livesElsewhere = (p: KpCaseInput["parties"][number]) =>
    p.outside_city || (p.user_id != null && byId.get(p.user_id)?.kind === "non_resident");
  const nameOf = (p: KpCaseInput["parties"][number]) => (p.user_id != null ? byId.get(p.user_id)?.fullname : p.name) ?? "A party";
  const refuse = (message: string) => {
    throw ValidationError.field("venue_ground", message);
  };
  // Parties who agreed to bring the dispute here (§408(e), (f)) have waived the residence grounds:
  // an objection to venue not raised is waived (research §2); the agreement is on the record.
  const agreed = values.parties_agree_venue;
  switch (values.venue_ground) {
    case "same_barangay": {
      if (agreed) break;
      const away = sides.find(livesElsewhere);
      if (away)
        refuse(
          `${nameOf(away)}, a ${away.role}, does not live in this barangay by the records: parties of different barangays go to the respondent's barangay (RA 7160 §409(a)).`,
        );
      break;
    }
    case "respondent_barangay":
      if (!agreed && !sides.some((p) => p.role === "respondent" && !livesElsewhere(p)))
        refuse(
          "No respondent lives in this barangay by the records: the dispute goes to the barangay where a respondent lives (RA 7160 §409(a)).",
        );
      break;
    case "property":
      if (values.property_elsewhere)
        refuse("The real property is marked as lying in another city or municipality: it grounds no venue here (RA 7160 §409(c)).");
      break;
    case "workplace":
      break;
  }
}

export class KpCaseService extends ResourceEngine<KpCaseRow, KpCaseValues> {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([
      sql<string>`case t.state ${sql.join(
        // The state in the reader's language (the list, its sort and its export read the same words).
        KP_STATES.map((s) => sql`when ${sql.lit(s)} then ${sql.lit(kpStateLabel(s))}`),
        sql` `,
      )} else t.state end`.as("state_label"),
      // The Pangkat (§404): sitting members first, chair, secretary, member; then those who left.
      sql`(select coalesce(jsonb_agg(jsonb_build_object(
          'id', pm.id, 'lupon_member_id', pm.lupon_member_id, 'name', lm.name, 'user_id', lm.user_id,
          'role', pm.role, 'chosen_by', pm.chosen_by, 'chosen_on', pm.chosen_on,
          'vacated_on', pm.vacated_on, 'vacated_reason', pm.vacated_reason)
        order by pm.vacated_on is not null, case pm.role when 'chair' then 0 when 'secretary' then 1 else 2 end, pm.id), '[]'::jsonb)
        from kp_pangkat_members pm join lupon_members lm on lm.id = pm.lupon_member_id
        where pm.case_id = t.id)`.as("pangkat"),
      sql`(select jsonb_build_object('position', mp.position, 'role', mp.role, 'name', coalesce(${fullNameOf("mpp")}, mp.name))
        from kp_case_parties mp left join user_profiles mpp on mpp.user_id = mp.user_id
        where mp.id = t.execution_movant_party_id)`.as("execution_movant"),
    ]);
  }

  protected override async beforeWrite(ctx: ServiceContext, values: KpCaseValues, id: number | null): Promise<void> {
    await assertPartiesArePersons(ctx, values.parties);
    await assertVenue(ctx, values);
    if (id == null) {
      values.docket_number = await nextYearlyNumber(ctx, "kp_case", values.filed_on);
      return;
    }
    const stored = await ctx.db
      .selectFrom("kp_cases")
      .select(["docket_number", "state", "filed_on"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (!EDITABLE.includes(stored.state))
      throw new AppError(
        422,
        `Case ${stored.docket_number} is ${KP_STATE_LABELS[stored.state].toLowerCase()}; its record is no longer changed.`,
      );
    // The docket number is the filing year's: the date filed stays in that year.
    if (values.filed_on.slice(0, 4) !== stored.filed_on.slice(0, 4))
      throw ValidationError.field(
        "filed_on",
        `The date filed must stay in ${stored.filed_on.slice(0, 4)}, the year of docket ${stored.docket_number}.`,
      );
  }

  protected override async afterWrite(ctx: ServiceContext, id: number, _values: KpCaseValues, op: "create" | "update"): Promise<void> {
    if (op !== "create") return;
    await fileCase(ctx, id);
    // A complaint entered late from the paper docket may already have its summons overdue.
    await sweepKpDeadlines(ctx, todayInManila(), { caseId: id });
  }

  /**
   * One case, for the KP permissions' holders and for the members of its Pangkat (readers.ts); every
   * view is in the access log: case records are confidential.
   */
  override async get(ctx: ServiceContext, id: number): Promise<KpCaseRow> {
    const reader = await caseReader(ctx, id);
    const row = await this.read(ctx, id);
    await logCaseRead(ctx, id, row.docket_number, reader);
    return row;
  }

  /** A case's hearings with their minutes, oldest first, for whoever may read the case; in the access log. */
  async hearings(ctx: ServiceContext, id: number) {
    const reader = await caseReader(ctx, id);
    const kase = await ctx.db.selectFrom("kp_cases").select("docket_number").where("id", "=", id).executeTakeFirst();
    if (!kase) throw new AppError(404, "The KP case could not be found.");
    const rows = await ctx.db
      .selectFrom("kp_hearings")
      .select(["id", "kind", "held_on", "minutes"])
      .where("case_id", "=", id)
      .where("deleted_at", "is", null)
      .orderBy("held_on")
      .orderBy("id")
      .execute();
    await logCaseRead(ctx, id, kase.docket_number, reader, "its hearings");
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /** The cases' choices (a hearing's case): only for the KP permissions' holders, unlike most entries' choices. */
  override async options(ctx: ServiceContext, among?: readonly { table: string; column: string }[]) {
    if (!can(ctx.user, "manage-kp_case") && !can(ctx.user, "view-kp_case")) throw forbidden();
    return super.options(ctx, among);
  }

  /**
   * A step asked where the law does not allow it is refused with the law's reason (KP_STEP_RULES),
   * before the engine's own state check; the permission is checked first, so a user without it
   * learns nothing of the case.
   */
  override async command(ctx: ServiceContext, name: string, id: number, input: unknown = {}): Promise<KpCaseRow> {
    const command = this.commandDef(name);
    if (!can(ctx.user, `${command.permission}-${this.def.name}`)) throw forbidden();
    const stored = await ctx.db.selectFrom("kp_cases").select(["docket_number", "state"]).where("id", "=", id).executeTakeFirst();
    if (stored && !command.from.includes(stored.state))
      throw new AppError(
        422,
        `Case ${stored.docket_number} is ${KP_STATE_LABELS[stored.state].toLowerCase()}: ${KP_STEP_RULES[name as KpCommandName]}`,
      );
    // A deadline the step leaves due today or overdue (a step entered late from the paper docket)
    // is told to the Punong Barangay and the Lupon secretary with the step, in its transaction, not
    // at the next hourly sweep (server/features/kp/clock.ts, decision 205).
    return inTransaction(ctx, async (tx) => {
      const row = await super.command(tx, name, id, input);
      await sweepKpDeadlines(tx, todayInManila(), { caseId: id });
      return row;
    });
  }

  protected override async beforeCommand(_ctx: ServiceContext, command: CommandDef, row: KpCaseRow): Promise<void> {
    if (row.deleted_at) throw new AppError(422, `Case ${row.docket_number} is in the trash; restore it first.`);
    if (command.name === "recall_summons" && row.counterclaim_barred_on)
      throw new AppError(
        422,
        `The respondent of case ${row.docket_number} was barred from a counterclaim after the summons; it is no longer recalled.`,
      );
  }

  protected override commandHandlers(): Readonly<Record<string, CommandHandler<KpCaseRow>>> {
    return {
      summon,
      mediate,
      refer_to_pangkat: referToPangkat,
      constitute_pangkat: constitutePangkat,
      elect_pangkat_officers: electPangkatOfficers,
      replace_pangkat_member: replacePangkatMember,
      conciliate,
      extend_conciliation: extendConciliation,
      agree_to_arbitrate: agreeToArbitrate,
      award,
      settle,
      repudiate,
      move_for_execution: moveForExecution,
      execute,
      transmit,
      certify_file_action: certifyFileAction,
      certify_bar_action: certifyBarAction,
      certify_bar_counterclaim: certifyBarCounterclaim,
      dismiss,
      withdraw,
    } satisfies Partial<Record<KpCommandName, CommandHandler<KpCaseRow>>>;
  }
}

type KpHearingValues = InputOf<typeof kpHearing>;

/** A hearing is held on or after its case was filed. */
export class KpHearingService extends ResourceEngine<EntryRow<"kp_hearings">, KpHearingValues> {
  protected override async beforeWrite(ctx: ServiceContext, values: KpHearingValues): Promise<void> {
    const kase = await ctx.db
      .selectFrom("kp_cases")
      .select(["docket_number", "filed_on"])
      .where("id", "=", values.case_id)
      .executeTakeFirst();
    if (kase && values.held_on < kase.filed_on)
      throw ValidationError.field(
        "held_on",
        `The hearing date must not be before ${kase.filed_on}, when case ${kase.docket_number} was filed.`,
      );
  }
}

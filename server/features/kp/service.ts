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
import { recordAccessBy } from "../audit/access-log.ts";
import type { KpCaseRow } from "./steps.ts";

export type { KpCaseRow };
import { fileCase } from "./commands/file-case.ts";
import { summon } from "./commands/summon.ts";
import { mediate } from "./commands/mediate.ts";
import { referToPangkat } from "./commands/refer-to-pangkat.ts";
import { conciliate } from "./commands/conciliate.ts";
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

export class KpCaseService extends ResourceEngine<KpCaseRow, KpCaseValues> {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select(
      sql<string>`case t.state ${sql.join(
        KP_STATES.map((s) => sql`when ${sql.lit(s)} then ${sql.lit(KP_STATE_LABELS[s])}`),
        sql` `,
      )} else t.state end`.as("state_label"),
    );
  }

  protected override async beforeWrite(ctx: ServiceContext, values: KpCaseValues, id: number | null): Promise<void> {
    await assertPartiesArePersons(ctx, values.parties);
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
    if (op === "create") await fileCase(ctx, id);
  }

  /** Every view of one case is in the access log: case records are confidential. */
  override async get(ctx: ServiceContext, id: number): Promise<KpCaseRow> {
    const row = await super.get(ctx, id);
    await recordAccessBy(ctx, { entity: "kp_case", entityId: id, record: `KP case ${row.docket_number}`, action: "view" });
    return row;
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
    return super.command(ctx, name, id, input);
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
      conciliate,
      agree_to_arbitrate: agreeToArbitrate,
      award,
      settle,
      repudiate,
      execute,
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

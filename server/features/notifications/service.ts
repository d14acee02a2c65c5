import { sql, type Selectable } from "kysely";
import { z } from "zod";
import type { NotificationsTable } from "../../../db/schema.ts";
import type { NotificationTopic } from "../../../domain/notification-topics.ts";
import type { NotificationType } from "../../../domain/notify.ts";
import {
  BELL_LATEST,
  notificationIcon,
  NOTIFICATIONS_PER_PAGE,
  type BellSummary,
  type NotificationView,
} from "../../../domain/notifications/types.ts";
import type { ServiceContext } from "../../context.ts";
import { forbidden, unauthenticated, ValidationError } from "../../errors.ts";
import { can, SYSTEM_ADMIN_PERMISSION } from "../../../domain/permissions.ts";
import { translatedNotification } from "../../../domain/i18n/server-messages.ts";

// Stored notifications (decision 150). An event writes one row per recipient with the
// transaction's own db handle, so the rows exist exactly when the event does; the table's trigger
// sends pg_notify at commit and the realtime hub (server/http/realtime/hub.ts) pushes each row to its
// user's sockets in every process. Recipients are chosen in SQL: who may see the record (any of the
// given permissions), who has not turned the topic off (decision 053), never blocked or deleted
// accounts, and not the person who acted.

export interface NewNotification {
  topic: NotificationTopic;
  title: string;
  message?: string;
  /** Spec §3/§4 type: delete, restore, invalid, create, success, info, warning. */
  type?: NotificationType;
  timeout?: number | null;
  undo?: boolean;
  data?: Record<string, unknown>;
  /** The page that shows the record. */
  link?: string | null;
  entity?: string | null;
  entityId?: string | number | null;
}

/** Who hears about an event. Exactly one of users, permissions or everyone. */
export type Audience =
  /** ignorePreferences: the /test page's own test notification, which must always arrive. */
  | { users: readonly number[]; except?: number | null; ignorePreferences?: boolean }
  | { permissions: readonly string[]; except?: number | null }
  | { everyone: true; except?: number | null };

/**
 * Writes the notification for every user of the audience who wants its topic, in the caller's
 * transaction (pass the transaction's ctx). One INSERT … SELECT; answers how many rows it wrote.
 */
export async function notify(ctx: Pick<ServiceContext, "db" | "user">, audience: Audience, n: NewNotification): Promise<number> {
  const type = n.type ?? "info";
  const except = audience.except === undefined ? (ctx.user?.id ?? null) : audience.except;
  let recipients = ctx.db
    .selectFrom("users as u")
    .leftJoin("user_preferences as p", "p.user_id", "u.id")
    .where("u.deleted_at", "is", null)
    .where("u.blocked_at", "is", null);
  // decision 053: a topic that is absent is on.
  if (!("ignorePreferences" in audience && audience.ignorePreferences))
    recipients = recipients.where(sql<boolean>`(p.notifications -> ${n.topic}::text) is distinct from 'false'::jsonb`);
  if (except != null) recipients = recipients.where("u.id", "<>", except);
  if ("users" in audience) {
    if (audience.users.length === 0) return 0;
    recipients = recipients.where("u.id", "in", [...new Set(audience.users)]);
  } else if ("permissions" in audience) {
    const names = [...audience.permissions];
    recipients = recipients.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("user_roles as ur")
          .innerJoin("role_permissions as rp", "rp.role_id", "ur.role_id")
          .innerJoin("permissions as pm", "pm.id", "rp.permission_id")
          .whereRef("ur.user_id", "=", "u.id")
          .where("pm.name", "in", names)
          .select(sql`1`.as("one")),
      ),
    );
  } else {
    // Everyone who works in the portal: the staff accounts.
    recipients = recipients.where("u.kind", "=", "staff");
  }
  // Each recipient reads it in their language (issue 33 item 4): their own, else their barangay's
  // default (as their session resolves it, server/auth/sessions.ts). The events write the spec's
  // English; its Filipino is read from the server area's notification messages.
  const inLanguage = (english: string) => {
    const filipino = translatedNotification(english, "fil");
    if (filipino === english) return sql<string>`${english}::text`;
    return sql<string>`case when coalesce(u.language, (select b.default_language from barangays b where b.id = u.barangay_id), 'en') = 'fil'
      then ${filipino}::text else ${english}::text end`;
  };
  const rows = recipients.select([
    "u.id as user_id",
    sql<string>`${n.topic}::text`.as("topic"),
    inLanguage(n.title).as("title"),
    inLanguage(n.message ?? "").as("message"),
    sql<string>`${type}::text`.as("type"),
    sql<string>`${notificationIcon(type)}::text`.as("icon"),
    sql<number | null>`${n.timeout ?? null}::integer`.as("timeout"),
    sql<boolean>`${n.undo ?? false}::boolean`.as("undo"),
    sql<string>`${JSON.stringify(n.data ?? {})}::jsonb`.as("data"),
    sql<string | null>`${n.link ?? null}::text`.as("link"),
    sql<string | null>`${n.entity ?? null}::text`.as("entity"),
    sql<string | null>`${n.entityId == null ? null : String(n.entityId)}::text`.as("entity_id"),
    sql<number | null>`${ctx.user?.id ?? null}::bigint`.as("created_by"),
  ]);
  const result = await ctx.db
    .insertInto("notifications")
    .columns([
      "user_id",
      "topic",
      "title",
      "message",
      "type",
      "icon",
      "timeout",
      "undo",
      "data",
      "link",
      "entity",
      "entity_id",
      "created_by",
    ])
    .expression(rows)
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

// ---- Reading and marking (the bell, the page, the catch-up) -------------------------------------

type StoredNotification = Selectable<NotificationsTable>;

/** A stored row, or the hub's NOTIFY payload (the same row as JSON), as the client sees it. */
export function toNotificationView(row: StoredNotification | Record<string, unknown>): NotificationView {
  const r = row as Record<string, unknown>;
  const created = r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at));
  return {
    id: Number(r.id),
    title: String(r.title ?? ""),
    message: String(r.message ?? ""),
    type: String(r.type ?? "info") as NotificationType,
    icon: notificationIcon(String(r.type ?? "info")),
    timeout: r.timeout == null ? null : Number(r.timeout),
    undo: r.undo === true,
    data: (r.data && typeof r.data === "object" ? r.data : {}) as Record<string, unknown>,
    active: r.active !== false,
    topic: String(r.topic ?? ""),
    link: typeof r.link === "string" ? r.link : null,
    created_at: created.toISOString(),
    read: r.read_at != null,
  };
}

function requireUser(ctx: ServiceContext): number {
  if (!ctx.user) throw unauthenticated();
  return ctx.user.id;
}

function mine(ctx: ServiceContext) {
  return ctx.db.selectFrom("notifications").where("user_id", "=", requireUser(ctx)).where("active", "=", true);
}

async function unreadCount(ctx: ServiceContext): Promise<number> {
  const row = await mine(ctx)
    .where("read_at", "is", null)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * The bell: the unread count and the newest few, in one statement (it runs on every page the
 * layout renders: three round trips were three of the seven statements of a list page).
 */
export async function bellSummary(ctx: ServiceContext): Promise<BellSummary> {
  const userId = requireUser(ctx);
  const rows = (
    await sql<StoredNotification & { unread_total: number; newest_id: number | null }>`
      select s.unread_total, s.newest_id, n.*
      from (
        select
          (select count(*)::int from notifications where user_id = ${userId} and active and read_at is null) as unread_total,
          (select max(id) from notifications where user_id = ${userId}) as newest_id
      ) s
      left join lateral (
        select * from notifications where user_id = ${userId} and active order by id desc limit ${BELL_LATEST}
      ) n on true`.execute(ctx.db)
  ).rows;
  const first = rows[0];
  return {
    unread: Number(first?.unread_total ?? 0),
    latest: rows.filter((row) => row.id != null).map(toNotificationView),
    lastId: Number(first?.newest_id ?? 0),
  };
}

const afterInput = z.object({ after: z.coerce.number().int().min(0) });
const CATCH_UP_LIMIT = 50;

/** What a socket missed while it was away: the notifications after the last id it saw (oldest first). */
export async function notificationsAfter(ctx: ServiceContext, raw: unknown): Promise<BellSummary & { missed: NotificationView[] }> {
  const parsed = afterInput.safeParse(raw ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const missed = await mine(ctx).selectAll().where("id", ">", parsed.data.after).orderBy("id", "asc").limit(CATCH_UP_LIMIT).execute();
  const summary = await bellSummary(ctx);
  return { ...summary, missed: missed.map(toNotificationView) };
}

const pageInput = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) });

export interface NotificationPage {
  items: NotificationView[];
  page: number;
  pages: number;
  total: number;
  unread: number;
}

/** The notifications page: all of a user's notifications, newest first, a page at a time. */
export async function listNotifications(ctx: ServiceContext, raw: unknown): Promise<NotificationPage> {
  const { page } = pageInput.parse(raw ?? {});
  const [total, unread] = await Promise.all([
    mine(ctx)
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow()
      .then((r) => r.n),
    unreadCount(ctx),
  ]);
  const pages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE));
  const current = Math.min(page, pages);
  const items = await mine(ctx)
    .selectAll()
    .orderBy("id", "desc")
    .limit(NOTIFICATIONS_PER_PAGE)
    .offset((current - 1) * NOTIFICATIONS_PER_PAGE)
    .execute();
  return { items: items.map(toNotificationView), page: current, pages, total, unread };
}

const idInput = z.object({ id: z.coerce.number().int().positive() });

/** Marks every unread notification of the user read; answers how many. */
export async function markAllRead(ctx: ServiceContext): Promise<number> {
  const result = await ctx.db
    .updateTable("notifications")
    .set({ read_at: sql`now()` })
    .where("user_id", "=", requireUser(ctx))
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks one of the user's notifications read (opening it). Another user's id changes nothing. */
export async function markRead(ctx: ServiceContext, raw: unknown): Promise<boolean> {
  const parsed = idInput.safeParse(raw ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const result = await ctx.db
    .updateTable("notifications")
    .set({ read_at: sql`coalesce(read_at, now())` })
    .where("id", "=", parsed.data.id)
    .where("user_id", "=", requireUser(ctx))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Dismisses one of the user's notifications (spec §3 "active" off): it leaves the bell and the page. */
export async function dismissNotification(ctx: ServiceContext, raw: unknown): Promise<boolean> {
  const parsed = idInput.safeParse(raw ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const result = await ctx.db
    .updateTable("notifications")
    .set({ active: false, read_at: sql`coalesce(read_at, now())` })
    .where("id", "=", parsed.data.id)
    .where("user_id", "=", requireUser(ctx))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Spec §9 "Notification test timeout": 50 (seconds here: a toast of 50 ms could not be read). */
export const TEST_NOTIFICATION_TIMEOUT_MS = 50_000;

/**
 * The /test page's button: a stored notification to the administrator, pushed to
 * their sockets when it commits. Answers how many sockets of theirs this process holds.
 */
export async function sendTestNotification(ctx: ServiceContext, socketsOf: (userId: number) => number): Promise<{ delivered: number }> {
  const userId = requireUser(ctx);
  if (!can(ctx.user, SYSTEM_ADMIN_PERMISSION)) throw forbidden();
  await notify(
    ctx,
    { users: [userId], except: null, ignorePreferences: true },
    {
      topic: "system",
      type: "info",
      title: "Test notification",
      message: "Notifications reach this browser.",
      timeout: TEST_NOTIFICATION_TIMEOUT_MS,
    },
  );
  return { delivered: socketsOf(userId) };
}

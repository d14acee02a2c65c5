import { LogOut, Monitor, ShieldCheck } from "lucide-react";
import * as React from "react";
import { Form, Link, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Avatar, AvatarFallback, AvatarImage } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "~/lib/reader-dates";
import { actionLabel, entityLabel, splitPermission } from "@domain/permission-matrix";
import { initialsOf, readableTextOn } from "~/lib/ui-color";
import { auditSentence, type AuditSubject } from "@domain/audit/audit-sentence";
import { AccountStatusBadge } from "./status";
import { LANGUAGE_NAMES, m } from "@domain/i18n";

// Parts of the user page (/system/users/{id}) and the blocklist entry page: profile,
// effective permissions, active sessions with "Sign out", and the recent audit trail.

type Dateish = string | Date | null;

export interface DetailUser {
  id: number;
  kind: string;
  username: string | null;
  email: string | null;
  status: string;
  last_sign_in_at: Dateish;
  blocked_at: Dateish;
  blocked_reason: string | null;
  blocked_by: { id: number; fullname: string } | null;
  created_at: Dateish;
  updated_at: Dateish;
  deleted_at: Dateish;
  user_profile: { fullname: string; image: string; hex_color: string | null };
  /** The user's own language (issue 33 item 4); null: the barangay's. */
  language?: string | null;
}

export interface DetailSession {
  key: string;
  device: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Dateish;
  last_seen_at: Dateish;
  current: boolean;
}

export interface DetailAudit {
  id: number;
  at: Dateish;
  entity: string;
  entity_id: string | null;
  action: string;
  by: { id: number; fullname: string } | null;
  ip: string | null;
  changed: string[];
  subject: AuditSubject | null;
}

const KIND_LABEL: Record<string, () => string> = {
  staff: m.admin_user_kind_staff,
  resident: m.admin_user_kind_resident,
  non_resident: m.admin_user_kind_non_resident,
  organization: m.admin_user_kind_organization,
};

/** An account's kind in words. */
export function kindLabel(kind: string): string {
  return KIND_LABEL[kind]?.() ?? kind;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** "Users / Juan Dela Cruz": the way back to the list the page belongs to. */
export function UserBreadcrumb({ listHref, listLabel, user }: { listHref: string; listLabel: string; user: DetailUser }) {
  return (
    <nav aria-label={m.admin_breadcrumb()} className="text-sm text-muted-foreground">
      <Link to={listHref} className="hover:text-foreground hover:underline">
        {listLabel}
      </Link>
      <span aria-hidden="true"> / </span>
      <span aria-current="page">{user.user_profile.fullname || user.username}</span>
    </nav>
  );
}

export function ProfileHeader({ user, actions }: { user: DetailUser; actions?: React.ReactNode }) {
  const name = user.user_profile.fullname || user.username || `#${user.id}`;
  const colour = user.user_profile.hex_color || "#fde68a";
  const photo = user.user_profile.image && user.user_profile.image !== "/default_avatar.png" ? user.user_profile.image : null;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-4">
        <Avatar className="size-14 text-lg">
          {photo ? <AvatarImage src={photo} alt="" /> : null}
          <AvatarFallback aria-hidden="true" style={{ backgroundColor: colour, color: readableTextOn(colour) }}>
            {initialsOf(name)}
          </AvatarFallback>
        </Avatar>
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="truncate text-2xl font-semibold tracking-tight">{name}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {user.username ? <span className="font-mono">@{user.username}</span> : null}
            <AccountStatusBadge status={user.status} />
            <span>{kindLabel(user.kind)}</span>
          </div>
        </div>
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function ProfileCard({ user, roles }: { user: DetailUser; roles: { id: number; name: string; description: string | null }[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.admin_user_profile()}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact label={m.admin_user_email()}>{user.email ?? <span className="text-muted-foreground">{m.admin_none()}</span>}</Fact>
          <Fact label={m.admin_user_last_sign_in()}>
            {user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : <span className="text-muted-foreground">{m.admin_never()}</span>}
          </Fact>
          <Fact label={m.admin_user_created()}>{formatDateTime(user.created_at)}</Fact>
          <Fact label={m.admin_user_updated()}>{formatDateTime(user.updated_at)}</Fact>
          {user.language !== undefined ? (
            <Fact label={m.admin_user_form_language()}>
              {user.language === "en" || user.language === "fil" ? (
                <span lang={user.language}>{LANGUAGE_NAMES[user.language]}</span>
              ) : (
                m.admin_user_form_language_barangay()
              )}
            </Fact>
          ) : null}
          {user.blocked_at ? (
            <>
              <Fact label={m.admin_user_blocked()}>
                {user.blocked_by
                  ? m.admin_user_blocked_by({ at: formatDateTime(user.blocked_at), name: user.blocked_by.fullname })
                  : formatDateTime(user.blocked_at)}
              </Fact>
              <Fact label={m.admin_user_reason()}>
                {user.blocked_reason ?? <span className="text-muted-foreground">{m.admin_not_given()}</span>}
              </Fact>
            </>
          ) : null}
          {user.deleted_at ? <Fact label={m.admin_user_deleted()}>{formatDateTime(user.deleted_at)}</Fact> : null}
        </dl>
        <div className="mt-5 flex flex-col gap-2">
          <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{m.admin_user_form_roles()}</h3>
          {roles.length ? (
            <ul className="flex flex-col gap-2" data-testid="user-roles">
              {roles.map((r) => (
                <li key={r.id} className="flex items-start gap-2 text-sm">
                  <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary-ink" aria-hidden="true" />
                  <span>
                    <span className="font-medium">{r.name}</span>
                    {r.description ? <span className="block text-muted-foreground">{r.description}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{m.admin_user_no_roles()}</p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Effective permissions, one line per entity with its actions, each naming the roles behind it. */
export function PermissionsCard({ permissions }: { permissions: { name: string; via: string[]; entity_label: string }[] }) {
  const byEntity = new Map<string, { action: string; via: string[] }[]>();
  const labels = new Map<string, string>();
  for (const p of permissions) {
    const { action, entity } = splitPermission(p.name);
    byEntity.set(entity, [...(byEntity.get(entity) ?? []), { action, via: p.via }]);
    labels.set(entity, p.entity_label);
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.admin_user_permissions_title()}</CardTitle>
        <CardDescription>
          {permissions.length === 1
            ? m.admin_user_permissions_one()
            : m.admin_user_permissions_other({ count: permissions.length })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {permissions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.admin_none_dot()}</p>
        ) : (
          <ul
            className="flex max-h-96 flex-col divide-y overflow-y-auto rounded-md border"
            data-testid="effective-permissions"
            // A long list scrolls: keyboard users need to reach it (WCAG 2.1.1).
            tabIndex={byEntity.size > 10 ? 0 : undefined}
            aria-label={m.admin_user_permissions_by_entity()}
          >
            {[...byEntity.entries()].map(([entity, actions]) => (
              <li key={entity} className="flex flex-col gap-1.5 px-3 py-2 sm:flex-row sm:items-center sm:gap-3">
                <span className="w-44 shrink-0 text-sm font-medium">{labels.get(entity) ?? entityLabel(entity)}</span>
                <span className="flex flex-wrap gap-1">
                  {actions.map((a) => (
                    <Badge key={a.action} variant="outline" title={m.admin_user_permission_from({ permission: `${a.action}-${entity}`, roles: a.via.join(", ") })}>
                      {actionLabel(a.action)}
                    </Badge>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function SessionsCard({
  sessions,
  canSignOut,
  title,
  description,
  extra,
}: {
  sessions: DetailSession[];
  canSignOut: boolean;
  title?: string;
  description?: React.ReactNode;
  extra?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const busyKey = navigation.state === "submitting" ? String(navigation.formData?.get("key") ?? "") : "";
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title ?? m.admin_sessions_title()}</CardTitle>
        <CardDescription>{description ?? m.admin_sessions_description()}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="no-sessions">
            {m.admin_sessions_none()}
          </p>
        ) : (
          <ul className="flex flex-col divide-y rounded-md border" data-testid="sessions">
            {sessions.map((s) => (
              <li key={s.key} className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-session={s.key}>
                <div className="flex min-w-0 items-start gap-3">
                  <Monitor className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <div className="flex min-w-0 flex-col">
                    <span className="text-sm font-medium">
                      {s.device}
                      {s.current ? (
                        <Badge variant="success" className="ml-2">
                          {m.admin_sessions_this_browser()}
                        </Badge>
                      ) : null}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {m.admin_sessions_line({
                        ip: s.ip ?? m.admin_sessions_unknown_address(),
                        seen: formatDateTime(s.last_seen_at),
                        signed_in: formatDateTime(s.created_at),
                      })}
                    </span>
                    {s.user_agent ? (
                      // Breaks anywhere: a user agent is one long word that would widen a phone's page.
                      <span className="line-clamp-2 text-xs [overflow-wrap:anywhere] text-muted-foreground" title={s.user_agent}>
                        {s.user_agent}
                      </span>
                    ) : null}
                  </div>
                </div>
                {canSignOut && !s.current ? (
                  <Form method="post" preventScrollReset className="shrink-0">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="sign-out-session" />
                    <input type="hidden" name="key" value={s.key} />
                    <Button type="submit" variant="outline" size="sm" disabled={busyKey === s.key}>
                      {busyKey === s.key ? <Spinner size="sm" label={m.admin_sessions_signing_out()} /> : <LogOut aria-hidden="true" />}
                      {m.admin_sessions_sign_out()}
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {extra}
      </CardContent>
    </Card>
  );
}

export function AuditCard({ entries }: { entries: DetailAudit[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.admin_activity_title()}</CardTitle>
        <CardDescription>{m.admin_activity_description()}</CardDescription>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.admin_activity_none()}</p>
        ) : (
          <ol className="flex flex-col divide-y rounded-md border" data-testid="audit-trail">
            {entries.map((e) => {
              const what = auditSentence({ who: e.by?.fullname ?? null, action: e.action, subject: e.subject });
              return (
                <li key={e.id} className="flex flex-col gap-0.5 px-3 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-3">
                  <time
                    className="w-44 shrink-0 text-xs text-muted-foreground tabular-nums"
                    dateTime={new Date(e.at as string).toISOString()}
                  >
                    {formatDateTime(e.at)}
                  </time>
                  <span className="min-w-0">
                    <span className="font-medium">{what}</span>
                    {e.action === "update" && e.changed.length ? (
                      <span className="text-muted-foreground"> ({e.changed.join(", ")})</span>
                    ) : null}
                    {e.ip ? <span className="text-xs text-muted-foreground"> · {e.ip}</span> : null}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

import { FileDown, FileText, History, House, KeyRound, Pencil, UserRound } from "lucide-react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { PersonAvatar } from "./person-avatar";
import { StatusBadge } from "~/components/resource/cells";
import { buttonVariants } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { FlashMessage } from "~/components/resource/flash-message";
import { withBack } from "@domain/back-path";
import { can } from "@domain/permissions";
import { EXPORT_PERSONAL_DATA_PERMISSION } from "@domain/privacy/schemas";
import { useRootData } from "~/lib/root-data";
import { cn } from "~/lib/utils";
import { screenHouseholdRole } from "./household-words";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/people.resident";
import { m } from "@domain/i18n";

/** The frame of a resident's page: the header with its actions, the flash of the last save, and the tabs over the child route. */
export function ResidentPage({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const { household } = loaderData;
  const resident = loaderData.resident;
  const root = useRootData();
  const profile = resident.user_profile;
  const base = `/manage/residents/${resident.id}`;
  const { pathname } = useLocation();
  const onIndex = pathname.replace(/\/+$/, "") === base;
  const tabs = [
    { to: `${base}/profile`, label: m.people_resident_tab_profile(), Icon: UserRound },
    { to: `${base}/location`, label: m.people_resident_tab_location(), Icon: House },
    { to: `${base}/transactions`, label: m.people_resident_tab_transactions(), Icon: FileText },
    ...(can(root?.user, "view-audit") ? [{ to: `${base}/history`, label: m.people_resident_tab_history(), Icon: History }] : []),
  ];
  const canReset = can(root?.user, "delete-resident") && resident.username && resident.status === "Active";
  const canAccount = can(root?.user, "update-resident") && resident.status === "Active" && !resident.username;
  const canEdit = can(root?.user, "update-resident") && resident.status === "Active";
  const flags = [
    profile.is_senior && m.people_flag_senior(),
    profile.is_voter && m.people_flag_voter(),
    profile.is_pwd && "PWD",
    profile.is_solo_parent && m.people_flag_solo_parent(),
    profile.is_4ps && "4Ps",
    profile.is_ofw && "OFW",
    profile.is_indigenous && "IP",
  ].filter(Boolean) as string[];
  return (
    <div className="flex flex-col gap-4" data-testid="resident-page">
      <div className="flex flex-wrap items-start gap-4">
        <PersonAvatar
          person={{
            id: resident.id,
            fullname: String(profile.fullname ?? ""),
            image: profile.image,
            hex_color: profile.hex_color,
          }}
          className="size-16 text-lg"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-sm text-muted-foreground">
            <Link to="/manage/residents" className="underline-offset-2 hover:underline">
              {m.people_residents_title()}
            </Link>{" "}
            {m.people_resident_crumb({ id: resident.id })}
          </p>
          <h1 className="text-2xl font-semibold tracking-tight">{String(profile.fullname ?? resident.name)}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <StatusBadge status={String(resident.status)} />
            {profile.age != null ? <span>{m.people_resident_age({ age: profile.age })}</span> : null}
            {resident.zone ? <span>· {String(resident.zone)}</span> : null}
            {household ? <span>· {screenHouseholdRole(household.role, household.head)}</span> : null}
          </div>
          {flags.length ? (
            <div className="flex flex-wrap gap-1 pt-1">
              {flags.map((f) => (
                <Badge key={f} variant="secondary">
                  {f}
                </Badge>
              ))}
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {can(root?.user, EXPORT_PERSONAL_DATA_PERMISSION) ? (
            <Link
              to={`/manage/residents/${resident.id}/personal-data`}
              className={buttonVariants({ variant: "outline" })}
              data-testid="export-personal-data"
            >
              <FileDown aria-hidden="true" />
              {m.people_resident_export_data()}
            </Link>
          ) : null}
          {canReset ? (
            <Link
              to={withBack(`/manage/residents?modal=reset&id=${resident.id}`, pathname)}
              className={buttonVariants({ variant: "outline" })}
            >
              <KeyRound aria-hidden="true" />
              {m.people_reset_title()}
            </Link>
          ) : null}
          {canAccount ? (
            // An account to ask from home (decision 208): generated, shown once.
            <Link to={`/manage/residents/${resident.id}/account`} className={buttonVariants({ variant: "outline" })}>
              <KeyRound aria-hidden="true" />
              {m.people_resident_give_account()}
            </Link>
          ) : null}
          {canEdit ? (
            <Link
              to={withBack(`/manage/residents?modal=update&id=${resident.id}`, pathname)}
              className={buttonVariants({ variant: "outline" })}
            >
              <Pencil aria-hidden="true" />
              {m.people_edit()}
            </Link>
          ) : null}
        </div>
      </div>
      <FlashMessage flash={loaderData.flash} />
      {/* A phone shows every tab's word without scrolling (Filipino's are longer): the icons and some
          padding go below sm, where the four words alone fit 390 px. */}
      <nav aria-label={m.people_resident_tabs_label()} className="flex gap-1 overflow-x-auto border-b">
        {tabs.map(({ to, label, Icon }) => (
          <NavLink
            key={to}
            to={to}
            end={false}
            className={({ isActive }) =>
              cn(
                "-mb-px inline-flex items-center gap-1.5 border-b-2 px-2 py-2 text-sm sm:px-3 font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                isActive || (to === `${base}/profile` && onIndex)
                  ? "border-primary text-foreground"
                  : "border-transparent text-muted-foreground hover:text-foreground",
              )
            }
          >
            <Icon className="hidden size-4 sm:block" aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

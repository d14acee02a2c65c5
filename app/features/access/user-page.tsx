import type * as React from "react";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { ProfileCard, ProfileHeader, UserBreadcrumb, type DetailUser } from "./user-detail";

/**
 * The frame of a page about one account (/system/users/{id}, /system/blocklist/{id}): the
 * way back to its list, the profile header with the page's actions, the flash of the last post,
 * and the profile card, then the page's own cards.
 */
export function UserPage({
  testId,
  list,
  user,
  roles,
  flash,
  actions,
  children,
}: {
  testId: string;
  list: { href: string; label: string };
  user: DetailUser;
  roles: React.ComponentProps<typeof ProfileCard>["roles"];
  flash: FlashData | null;
  actions: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-5" data-testid={testId}>
      <UserBreadcrumb listHref={list.href} listLabel={list.label} user={user} />
      <ProfileHeader user={user} actions={actions} />
      <FlashMessage flash={flash} />
      <div className="grid gap-5 xl:grid-cols-2">
        <ProfileCard user={user} roles={roles} />
        {children}
      </div>
    </div>
  );
}

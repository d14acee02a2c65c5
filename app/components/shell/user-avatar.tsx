import { Avatar, AvatarFallback, AvatarImage } from "~/components/ui/avatar";
import { initialsOf, readableTextOn } from "~/lib/ui-color";
import { cn } from "~/lib/utils";

export const DEFAULT_AVATAR = "/default_avatar.png";

export interface AvatarProfile {
  fullname: string;
  image?: string | null;
  hex_color?: string | null;
}

/**
 * A person's avatar: their photo; without one, coloured initials when they have a colour, else the
 * default avatar (spec §9 "/default_avatar.png").
 */
export function UserAvatar({
  profile,
  className,
  decorative = false,
}: {
  profile: AvatarProfile;
  className?: string;
  decorative?: boolean;
}) {
  const photo = profile.image && profile.image !== DEFAULT_AVATAR ? profile.image : null;
  const colour = profile.hex_color ?? null;
  const src = photo ?? (colour ? null : DEFAULT_AVATAR);
  return (
    <Avatar className={className} aria-hidden={decorative || undefined}>
      {src ? <AvatarImage src={src} alt="" /> : null}
      <AvatarFallback
        className={cn(!colour && "bg-muted text-foreground")}
        style={colour ? { backgroundColor: colour, color: readableTextOn(colour) } : undefined}
      >
        {initialsOf(profile.fullname)}
      </AvatarFallback>
    </Avatar>
  );
}

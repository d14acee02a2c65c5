import {
  Ban,
  BookText,
  CalendarClock,
  ChartColumn,
  Contact,
  FileText,
  Gavel,
  Handshake,
  HandCoins,
  House,
  KeyRound,
  ScrollText,
  ShieldAlert,
  LayoutDashboard,
  ListOrdered,
  Map as MapIcon,
  Receipt,
  Scale,
  Settings,
  ShieldCheck,
  SlidersHorizontal,
  Store,
  TriangleAlert,
  UserCog,
  WalletCards,
  Archive,
  type LucideIcon,
  Inbox,
  Landmark,
  UsersRound,
} from "lucide-react";
import { can, manageGate, SYSTEM_ADMIN_PERMISSION, type HasPermissions } from "@domain/permissions";
import { m } from "@domain/i18n";

// The sidebar menu of spec §2.3 in one place: the sidebar, the dashboard cards and the tests all
// read this list. Entries keep the table's order; groups only add headings between them. An
// entity's gate is `manageGate(entity)`, typed against the registry's names (and the planned ones).
// The words (titles, descriptions, group headings) are message functions (messages/<locale>/shell.json)
// read through getters: `entry.title` is the current language's text each time it is read, never
// fixed when the module loads (the language is per request).

export interface MenuEntry {
  /** In the current language (a getter). */
  readonly title: string;
  path: string;
  /** The permission that shows the entry; null = everyone. */
  gate: string | null;
  icon: LucideIcon;
  /** Flagged "New" in the menu. */
  isNew?: boolean;
  /** Listed but disabled (Queue, Appointment). */
  disabled?: boolean;
  /** One line for the dashboard card, in the current language (a getter). */
  readonly description: string;
}

export interface MenuGroup {
  /** In the current language (a getter; menuFor's copies hold the text). */
  readonly title: string;
  entries: MenuEntry[];
}

type Message = () => string;

function entry(title: Message, description: Message, rest: Omit<MenuEntry, "title" | "description">): MenuEntry {
  return {
    ...rest,
    get title() {
      return title();
    },
    get description() {
      return description();
    },
  };
}

function group(title: Message, rest: { entries: MenuEntry[] }): MenuGroup {
  return {
    ...rest,
    get title() {
      return title();
    },
  };
}

export const MENU: readonly MenuGroup[] = [
  group(m.shell_menu_group_main, {
    entries: [
      entry(m.shell_menu_dashboard, m.shell_menu_dashboard_description, { path: "/dashboard", gate: null, icon: LayoutDashboard }),
      entry(m.shell_menu_maps, m.shell_menu_maps_description, {
        path: "/maps",
        gate: "manage-household",
        icon: MapIcon,
      }),
      entry(m.shell_menu_collections, m.shell_menu_collections_description, {
        path: "/manage/collections",
        gate: manageGate("collection"),
        icon: Receipt,
      }),
      entry(m.shell_menu_transactions, m.shell_menu_transactions_description, {
        path: "/manage/transactions",
        gate: manageGate("transaction"),
        icon: FileText,
      }),
      entry(m.shell_menu_resident_requests, m.shell_menu_resident_requests_description, {
        path: "/manage/resident_requests",
        gate: manageGate("resident_request"),
        icon: Inbox,
        isNew: true,
      }),
    ],
  }),
  group(m.shell_menu_group_records, {
    entries: [
      entry(m.shell_menu_residents, m.shell_menu_residents_description, {
        path: "/manage/residents",
        gate: manageGate("resident"),
        icon: Contact,
      }),
      entry(m.shell_menu_businesses, m.shell_menu_businesses_description, {
        path: "/manage/businesses",
        gate: manageGate("business"),
        icon: Store,
      }),
      entry(m.shell_menu_households, m.shell_menu_households_description, {
        path: "/manage/households",
        gate: manageGate("household"),
        icon: House,
        isNew: true,
      }),
      entry(m.shell_menu_disaster_prone, m.shell_menu_disaster_prone_description, {
        path: "/manage/disaster_prone_areas",
        gate: manageGate("disaster_prone_area"),
        icon: TriangleAlert,
        isNew: true,
      }),
      entry(m.shell_menu_queue, m.shell_menu_queue_description, {
        path: "/queue",
        gate: manageGate("queue"),
        icon: ListOrdered,
      }),
      entry(m.shell_menu_appointment, m.shell_menu_appointment_description, {
        path: "/appointments",
        gate: manageGate("appointment"),
        icon: CalendarClock,
      }),
    ],
  }),
  group(m.shell_menu_group_finance, {
    entries: [
      entry(m.shell_menu_disbursements, m.shell_menu_disbursements_description, {
        path: "/manage/disbursements",
        gate: manageGate("disbursement"),
        icon: HandCoins,
      }),
      entry(m.shell_menu_cheque_issuances, m.shell_menu_cheque_issuances_description, {
        path: "/manage/cheque_issuances",
        gate: manageGate("cheque_issuance"),
        icon: WalletCards,
      }),
      entry(m.shell_menu_cheque_books, m.shell_menu_cheque_books_description, {
        path: "/manage/cheque_books",
        gate: manageGate("cheque_book"),
        icon: BookText,
      }),
      entry(m.shell_menu_reports, m.shell_menu_reports_description, {
        path: "/manage/reports",
        gate: "manage-report",
        icon: ChartColumn,
      }),
    ],
  }),
  group(m.shell_menu_group_kp, {
    // Katarungang Pambarangay (decision 200): confidential, gated by the KP permissions.
    entries: [
      entry(m.shell_menu_kp_cases, m.shell_menu_kp_cases_description, {
        path: "/manage/kp/cases",
        gate: manageGate("kp_case"),
        icon: Scale,
      }),
      entry(m.shell_menu_kp_hearings, m.shell_menu_kp_hearings_description, {
        path: "/manage/kp/hearings",
        gate: manageGate("kp_hearing"),
        icon: Gavel,
      }),
      entry(m.shell_menu_lupon, m.shell_menu_lupon_description, {
        path: "/manage/kp/lupon",
        gate: manageGate("lupon_member"),
        icon: Handshake,
      }),
      entry(m.shell_menu_kp_forms, m.shell_menu_kp_forms_description, {
        // The forms print from a case's page; here the barangay's language and paper and the Lupon's own forms (decision 203).
        path: "/manage/kp/forms",
        gate: "view-lupon_member",
        icon: FileText,
      }),
      entry(m.shell_menu_kp_books, m.shell_menu_kp_books_description, {
        // The books show case records: the KP permission opens them, not the reports' one (decision 204).
        path: "/manage/reports/kp-record-book",
        gate: "view-kp_case",
        icon: ScrollText,
      }),
    ],
  }),
  group(m.shell_menu_group_system, {
    entries: [
      entry(m.shell_menu_application, m.shell_menu_application_description, {
        path: "/system/parameters",
        gate: "manage-parameter",
        icon: SlidersHorizontal,
      }),
      entry(m.shell_menu_users, m.shell_menu_users_description, { path: "/system/users", gate: manageGate("user"), icon: UserCog }),
      entry(m.shell_menu_blocklist, m.shell_menu_blocklist_description, {
        path: "/system/blocklist",
        gate: "manage-blocklist",
        icon: Ban,
      }),
      // How long trashed personal records and the access log are kept, and the dry run.
      entry(m.shell_menu_retention, m.shell_menu_retention_description, {
        path: "/system/retention",
        gate: SYSTEM_ADMIN_PERMISSION,
        icon: Archive,
      }),
      entry(m.shell_menu_roles, m.shell_menu_roles_description, {
        path: "/system/roles",
        gate: manageGate("role"),
        icon: ShieldCheck,
      }),
      entry(m.shell_menu_permissions, m.shell_menu_permissions_description, {
        path: "/system/permissions",
        gate: manageGate("permission"),
        icon: KeyRound,
      }),
      // The access log and the breach query, for the Data Protection Officer.
      entry(m.shell_menu_access_log, m.shell_menu_access_log_description, {
        path: "/system/access-log",
        gate: manageGate("access_log"),
        icon: ScrollText,
      }),
      entry(m.shell_menu_breach_query, m.shell_menu_breach_query_description, {
        path: "/system/breach-query",
        gate: manageGate("access_log"),
        icon: ShieldAlert,
      }),
      entry(m.shell_menu_settings, m.shell_menu_settings_description, { path: "/system/settings", gate: null, icon: Settings }),
    ],
  }),
];

/** Every entry in the order of spec §2.3. */
export const MENU_ENTRIES: readonly MenuEntry[] = MENU.flatMap((group) => group.entries);

/**
 * The hub's own screens (decision 209), outside spec §2.3's menu: shown to the hub's users only, since
 * no barangay role holds these permissions.
 */
export const HUB_MENU: MenuGroup = group(m.shell_menu_group_hub, {
  entries: [
    entry(m.shell_menu_barangays, m.shell_menu_barangays_description, {
      path: "/hub",
      gate: "manage-barangays",
      icon: Landmark,
    }),
    entry(m.shell_menu_municipal_officers, m.shell_menu_municipal_officers_description, {
      path: "/hub/officers",
      gate: "manage-barangays",
      icon: UsersRound,
    }),
    entry(m.shell_menu_rollups, m.shell_menu_rollups_description, {
      path: "/hub/rollups",
      gate: "view-rollups",
      icon: ChartColumn,
    }),
  ],
});

/** The groups with only the entries the user may see; empty groups are dropped. */
export function menuFor(user: HasPermissions | null | undefined): MenuGroup[] {
  return [HUB_MENU, ...MENU]
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => can(user, entry.gate)) }))
    .filter((group) => group.entries.length > 0);
}

/** The enabled entries the user may open (the dashboard's cards). */
export function openAreasFor(user: HasPermissions | null | undefined): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => !entry.disabled && can(user, entry.gate));
}

/** Whether a menu entry is the current page (or an ancestor of it). */
export function isActivePath(entryPath: string, pathname: string): boolean {
  const current = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  const path = entryPath.toLowerCase();
  return current === path || current.startsWith(`${path}/`);
}

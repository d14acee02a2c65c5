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

// The sidebar menu of spec §2.3 in one place: the sidebar, the dashboard cards and the tests all
// read this list. Entries keep the table's order; groups only add headings between them. An
// entity's gate is `manageGate(entity)`, typed against the registry's names (and the planned ones).

export interface MenuEntry {
  title: string;
  path: string;
  /** The permission that shows the entry; null = everyone. */
  gate: string | null;
  icon: LucideIcon;
  /** Flagged "New" in the menu. */
  isNew?: boolean;
  /** Listed but disabled (Queue, Appointment). */
  disabled?: boolean;
  /** One line for the dashboard card. */
  description: string;
}

export interface MenuGroup {
  title: string;
  entries: MenuEntry[];
}

export const MENU: readonly MenuGroup[] = [
  {
    title: "Main",
    entries: [
      { title: "Dashboard", path: "/dashboard", gate: null, icon: LayoutDashboard, description: "Overview of the office" },
      {
        title: "Maps",
        path: "/maps",
        gate: "manage-household",
        icon: MapIcon,
        description: "Puroks, households and hazard areas on the map",
      },
      {
        title: "Collections",
        path: "/manage/collections",
        gate: manageGate("collection"),
        icon: Receipt,
        description: "Official receipts issued and amounts collected",
      },
      {
        title: "Transactions",
        path: "/manage/transactions",
        gate: manageGate("transaction"),
        icon: FileText,
        description: "Certificates and clearances issued to residents",
      },
      {
        title: "Residents' Requests",
        path: "/manage/resident_requests",
        gate: manageGate("resident_request"),
        icon: Inbox,
        isNew: true,
        description: "Certificates and corrections residents ask for from home",
      },
    ],
  },
  {
    title: "Records",
    entries: [
      {
        title: "Residents Profile",
        path: "/manage/residents",
        gate: manageGate("resident"),
        icon: Contact,
        description: "Registered inhabitants and their profiles",
      },
      {
        title: "Businesses Profile",
        path: "/manage/businesses",
        gate: manageGate("business"),
        icon: Store,
        description: "Businesses operating in the barangay",
      },
      {
        title: "Households",
        path: "/manage/households",
        gate: manageGate("household"),
        icon: House,
        isNew: true,
        description: "Households, their heads and members",
      },
      {
        title: "Disaster Prone",
        path: "/manage/disaster_prone_areas",
        gate: manageGate("disaster_prone_area"),
        icon: TriangleAlert,
        isNew: true,
        description: "Puroks exposed to floods, landslides and other hazards",
      },
      {
        title: "Queue",
        path: "/queue",
        gate: manageGate("queue"),
        icon: ListOrdered,
        description: "Client queue at the front desk",
      },
      {
        title: "Appointment",
        path: "/appointments",
        gate: manageGate("appointment"),
        icon: CalendarClock,
        description: "Scheduled appointments",
      },
    ],
  },
  {
    title: "Finance",
    entries: [
      {
        title: "Disbursements",
        path: "/manage/disbursements",
        gate: manageGate("disbursement"),
        icon: HandCoins,
        description: "Disbursement vouchers and payees",
      },
      {
        title: "Cheque issuances",
        path: "/manage/cheque_issuances",
        gate: manageGate("cheque_issuance"),
        icon: WalletCards,
        description: "Cheques written, voided and released",
      },
      {
        title: "Cheque books",
        path: "/manage/cheque_books",
        gate: manageGate("cheque_book"),
        icon: BookText,
        description: "Cheque books and their numbers",
      },
      {
        title: "Reports",
        path: "/manage/reports",
        gate: "manage-report",
        icon: ChartColumn,
        description: "Registers and summaries for COA",
      },
    ],
  },
  {
    // Katarungang Pambarangay (decision 200): confidential, gated by the KP permissions.
    title: "Katarungang Pambarangay",
    entries: [
      {
        title: "KP cases",
        path: "/manage/kp/cases",
        gate: manageGate("kp_case"),
        icon: Scale,
        description: "Complaints before the Lupon and their steps",
      },
      {
        title: "KP hearings",
        path: "/manage/kp/hearings",
        gate: manageGate("kp_hearing"),
        icon: Gavel,
        description: "Mediation, conciliation and arbitration hearings",
      },
      {
        title: "Lupon",
        path: "/manage/kp/lupon",
        gate: manageGate("lupon_member"),
        icon: Handshake,
        description: "The Lupong Tagapamayapa's members, terms and oaths",
      },
      {
        // The forms print from a case's page; here the barangay's language and paper and the Lupon's own forms (decision 203).
        title: "KP forms",
        path: "/manage/kp/forms",
        gate: "view-lupon_member",
        icon: FileText,
        description: "Language and paper of the KP forms; the Lupon formation forms",
      },
      {
        // The books show case records: the KP permission opens them, not the reports' one (decision 204).
        title: "KP books",
        path: "/manage/reports/kp-record-book",
        gate: "view-kp_case",
        icon: ScrollText,
        description: "Record book, monthly transmittal, cases by outcome, LTIA self-assessment",
      },
    ],
  },
  {
    title: "System",
    entries: [
      {
        title: "Application",
        path: "/system/parameters",
        gate: "manage-parameter",
        icon: SlidersHorizontal,
        description: "Parameters: banks, form pads, puroks, fees and more",
      },
      { title: "Users", path: "/system/users", gate: manageGate("user"), icon: UserCog, description: "Staff accounts and their roles" },
      {
        title: "Blocklist",
        path: "/system/blocklist",
        gate: "manage-blocklist",
        icon: Ban,
        description: "Accounts barred from signing in",
      },
      // How long trashed personal records and the access log are kept, and the dry run.
      {
        title: "Retention",
        path: "/system/retention",
        gate: SYSTEM_ADMIN_PERMISSION,
        icon: Archive,
        description: "How long personal data is kept; what the daily run anonymises",
      },
      {
        title: "Roles",
        path: "/system/roles",
        gate: manageGate("role"),
        icon: ShieldCheck,
        description: "Roles and the permissions they hold",
      },
      {
        title: "Permissions",
        path: "/system/permissions",
        gate: manageGate("permission"),
        icon: KeyRound,
        description: "Permission names",
      },
      // The access log and the breach query, for the Data Protection Officer.
      {
        title: "Access log",
        path: "/system/access-log",
        gate: manageGate("access_log"),
        icon: ScrollText,
        description: "Who opened, printed or exported personal records",
      },
      {
        title: "Breach query",
        path: "/system/breach-query",
        gate: manageGate("access_log"),
        icon: ShieldAlert,
        description: "Sign-ins and record access between two dates",
      },
      { title: "Settings", path: "/system/settings", gate: null, icon: Settings, description: "Your account, notifications and security" },
    ],
  },
];

/** Every entry in the order of spec §2.3. */
export const MENU_ENTRIES: readonly MenuEntry[] = MENU.flatMap((group) => group.entries);

/**
 * The hub's own screens (decision 209), outside spec §2.3's menu: shown to the hub's users only, since
 * no barangay role holds these permissions.
 */
export const HUB_MENU: MenuGroup = {
  title: "Hub",
  entries: [
    {
      title: "Barangays",
      path: "/hub",
      gate: "manage-barangays",
      icon: Landmark,
      description: "The hub's barangays and their administrators",
    },
    {
      title: "Municipal officers",
      path: "/hub/officers",
      gate: "manage-barangays",
      icon: UsersRound,
      description: "Who reads a municipality's roll-ups",
    },
    {
      title: "Roll-ups",
      path: "/hub/rollups",
      gate: "view-rollups",
      icon: ChartColumn,
      description: "Inhabitants, collections and certificates per barangay",
    },
  ],
};

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

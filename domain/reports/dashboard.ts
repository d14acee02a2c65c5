import type { AuditSubject } from "../audit/audit-sentence";
import type { ClockStatus, KpRuleId, RuleKind } from "../kp/deadlines";

// The dashboard's widgets as the server answers them (server/features/dashboard/service.ts, each
// behind the permission of the records it counts) and the dashboard draws them
// (app/features/reports/dashboard-widgets.tsx). A widget the user may not see is null.

export interface TrendPoint {
  month: string;
  value: number;
}

export interface MoneyFigure {
  count: number;
  amount: string;
}

export interface DashboardData {
  population: { total: number; male: number; female: number; trend: TrendPoint[] } | null;
  households: { total: number; trend: TrendPoint[] } | null;
  collections: { today: MoneyFigure; month: MoneyFigure; days: { day: string; amount: number }[] } | null;
  disbursements: { today: MoneyFigure; month: MoneyFigure } | null;
  remittances: { pending: MoneyFigure; collectors: number } | null;
  certificates: { month: number; today: number } | null;
  /** The latest audit rows, each with the record it is about as people know it (domain/audit/audit-sentence.ts words it). */
  activity: { id: number; at: string; who: string | null; action: string; entity: string; subject: AuditSubject | null }[] | null;
  /**
   * The Katarungang Pambarangay deadlines overdue, due today or due within three days across the
   * open cases (server/features/kp/clock.ts); only for the holders of the KP case permissions.
   */
  kpDeadlines: KpDeadlineLine[] | null;
}

/** One deadline of one KP case on the dashboard: the docket, the rule in words, its due date. */
export interface KpDeadlineLine {
  case_id: number;
  docket_number: string;
  rule: KpRuleId;
  label: string;
  source: string;
  kind: RuleKind;
  status: ClockStatus;
  due: string;
  days_left: number;
}

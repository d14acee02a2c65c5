// The composition root (DESIGN §13): the one place that names every area's services. It hands the
// engine each entry's service class before the first request; the engine itself imports no area.
// The process (server/app.ts), the HTTP app (server/http/app.ts), the command lines and the tests
// import it first.
import { composeServices, type ServiceFactory } from "../engine/services.ts";
import { BlocklistService, PermissionService, RoleService, UserService } from "./access/services.ts";
import { AccessLogService } from "./audit/access-log-service.ts";
import { TransactionService, TransactionTypeService } from "./certificates/service.ts";
import { CollectionService, FormNumberService, FormPadService } from "./collections/service.ts";
import {
  BankAccountService,
  ChequeBookService,
  ChequeIssuanceService,
  ChequeNumberService,
  DisbursementService,
} from "./disbursements/service.ts";
import { KpCaseService, KpHearingService } from "./kp/service.ts";
import { QueueTicketService } from "./queue/service.ts";
import { AppointmentService } from "./appointments/service.ts";
import { ResidentRequestService } from "./resident-requests/service.ts";
import { OfficialService } from "./officials/service.ts";
import { BusinessService, DisasterProneAreaService, HouseholdService, ResidentService } from "./people/services.ts";

/** Every entry with a service of its own, by its registry name; the others get the generic engine. */
export const AREA_SERVICES = {
  // people and places
  resident: (def) => new ResidentService(def),
  household: (def) => new HouseholdService(def),
  disaster_prone_area: (def) => new DisasterProneAreaService(def),
  business: (def) => new BusinessService(def),
  // access
  user: (def) => new UserService(def),
  role: (def) => new RoleService(def),
  permission: (def) => new PermissionService(def),
  blocklist: (def) => new BlocklistService(def),
  // audit
  access_log: (def) => new AccessLogService(def),
  // certificates
  transaction: (def) => new TransactionService(def),
  transaction_type: (def) => new TransactionTypeService(def),
  // collections
  form_pad: (def) => new FormPadService(def),
  form_number: (def) => new FormNumberService(def),
  collection: (def) => new CollectionService(def),
  // disbursements
  bank_account: (def) => new BankAccountService(def),
  cheque_book: (def) => new ChequeBookService(def),
  cheque_number: (def) => new ChequeNumberService(def),
  disbursement: (def) => new DisbursementService(def),
  cheque_issuance: (def) => new ChequeIssuanceService(def),
  // officials
  official: (def) => new OfficialService(def),
  // Katarungang Pambarangay
  kp_case: (def) => new KpCaseService(def),
  kp_hearing: (def) => new KpHearingService(def),
  // the hall's queue
  queue: (def) => new QueueTicketService(def),
  // appointments
  appointment: (def) => new AppointmentService(def),
  // residents ask from home
  resident_request: (def) => new ResidentRequestService(def),
} satisfies Record<string, ServiceFactory>;

composeServices(AREA_SERVICES);

/** `serviceFor(name)` answers the area's class for these entries, so their own calls are typed. */
type AreaServices = { [Name in keyof typeof AREA_SERVICES]: ReturnType<(typeof AREA_SERVICES)[Name]> };
declare module "../engine/services.ts" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from AreaServices
  interface EntityServices extends AreaServices {}
}

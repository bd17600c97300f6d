// The staff module's public face: other modules import only from here (eslint: shop/api-modules).
export { listAudit, listAuditActors, writeAudit } from './audit.repository.ts';
export {
  adminErrors,
  adminRoute,
  adminSecurity,
  forbidden,
  installAdminGate,
  requirePermission,
} from './staff-guard.ts';
export { type StaffMember } from './staff.repository.ts';
export { staffRoutes } from './staff.routes.ts';

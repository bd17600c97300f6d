// The gate of every /api/v1/admin route: a signed-in user whose staff row (re-read on each
// request, so a removed member loses access at once) grants the route's permission.
import { ApiErrorSchema, roleCan, type StaffPermission } from '@shop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { AppError } from '../../plugins/errors.ts';
import { findStaffByUserId, type StaffMember } from './staff.repository.ts';

/** What every console route declares in its schema: its error answers, bearer auth and tag. */
export const adminErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};
export const adminSecurity = [{ bearer: [] }];
export const adminTags = ['admin'];

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin gate on /api/v1/admin routes. */
    staff: StaffMember;
  }
}

export const forbidden = (message = 'Недостаточно прав') => new AppError(403, 'forbidden', message);

/** Hooks the gate onto every route of an encapsulated admin scope. */
export function installAdminGate(scope: FastifyInstance): void {
  if (!scope.hasRequestDecorator('staff')) {
    scope.decorateRequest('staff', undefined as unknown as StaffMember);
  }
  // Both on onRequest, before the body is validated: someone without the role learns nothing
  // about the route, not even that their input was malformed.
  scope.addHook('onRequest', scope.authenticate);
  scope.addHook('onRequest', async (request: FastifyRequest) => {
    const member = await findStaffByUserId(scope.db, request.userId);
    if (!member) throw forbidden('Нет доступа к управлению магазином');
    request.staff = member;
  });
}

/** Route `onRequest` hook for a route that needs more than reading (runs after the gate). */
export const requirePermission = (permission: StaffPermission) => async (request: FastifyRequest) => {
  if (!roleCan(request.staff.role, permission)) throw forbidden();
};

type AdminRouteSpec = {
  summary: string;
  /** The answer's schema (200); the error answers are always adminErrors. */
  result: ZodType;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  /** What the route needs beyond reading; without it anyone on staff may call it. */
  permission?: StaffPermission;
};

/** A console route's options: its permission hook and its schema with the admin tag, bearer auth and error answers. */
export function adminRoute<const S extends AdminRouteSpec>({ summary, result, permission, ...schemas }: S) {
  return {
    ...(permission ? { onRequest: requirePermission(permission) } : {}),
    schema: {
      tags: adminTags,
      security: adminSecurity,
      summary,
      ...schemas,
      response: { 200: result as S['result'], ...adminErrors },
    },
  };
}

// The console's catalogue import under /api/v1/admin (docs/product.md §12.2, docs/catalog-import.md):
// a file is checked as a dry run (every error with its row and field, every change before → after)
// and applied as a background job; a table template to download. A JSON body is read as JSON; an
// upload's bytes (application/octet-stream) may be JSON, CSV or XLSX (import-table.ts).
import {
  AdminImportJobParamsSchema,
  AdminImportJobResponseSchema,
  AdminImportQuerySchema,
  AdminImportResultResponseSchema,
  AdminImportTemplateQuerySchema,
  ApiErrorSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors as errors, adminSecurity as security, requirePermission } from '../staff/index.ts';
import { dryRunImport, readImport } from './import-check.ts';
import { enqueueImport, getImportJob } from './import-jobs.ts';
import { importTemplateCsv, importTemplateXlsx } from './import-template.ts';

/** An import file of some tens of thousands of products. */
const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['admin'];

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  // The bytes of an uploaded file, whatever its format; only this plugin's routes take them.
  app.addContentTypeParser(
    ['application/octet-stream', 'text/csv', XLSX_TYPE],
    { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  // Applied imports run in the background (background-jobs.ts, not in a `web` instance).
  app.post(
    '/catalog/import',
    {
      onRequest: requirePermission('operate'),
      // A whole catalogue file; every other route keeps the small default limit.
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary:
          'Import a catalogue file: JSON (docs/catalog-import.md), or the bytes of a JSON, CSV or XLSX file. ?dry_run=1, or a file with errors: every error with its row and field and every change before → after, nothing written (200). Otherwise the import is queued as a job (202)',
        querystring: AdminImportQuerySchema,
        body: z.unknown(),
        response: {
          200: AdminImportResultResponseSchema,
          202: AdminImportJobResponseSchema,
          413: ApiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const dryRun = request.query.dry_run === '1';
      const checked = await readImport(app.db, request.body);
      if (!dryRun && checked.issues.length === 0) {
        const job = await enqueueImport(app.db, checked.file, request.staff.telegramId);
        app.importRunner?.poke();
        return reply.code(202).send({ result: job });
      }
      return reply.code(200).send({ result: await dryRunImport(app.db, checked, dryRun) });
    },
  );

  app.get(
    '/catalog/import/template',
    {
      schema: {
        tags,
        security,
        summary: 'The table template of an import (one variant a row): ?format=xlsx (default) or csv',
        querystring: AdminImportTemplateQuerySchema,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = request.query.format === 'csv';
      return reply
        .header('content-type', csv ? 'text/csv; charset=utf-8' : XLSX_TYPE)
        .header('content-disposition', `attachment; filename="catalog-template.${csv ? 'csv' : 'xlsx'}"`)
        .header('cache-control', 'no-store')
        .send(csv ? importTemplateCsv() : await importTemplateXlsx());
    },
  );

  app.get(
    '/catalog/import/:job_id',
    {
      schema: {
        tags,
        security,
        summary: 'Progress of an import job: queued, running (done of total), done or failed',
        params: AdminImportJobParamsSchema,
        response: { 200: AdminImportJobResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await getImportJob(app.db, request.params.job_id) }),
  );
};

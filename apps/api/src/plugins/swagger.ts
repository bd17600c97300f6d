// The OpenAPI document (/api/docs/json) and its UI (/api/docs), generated from the routes' zod
// schemas. Registered before the routes: it learns them as they are added.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Shop mini-app API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas with an id (`.meta({ id })`, the recursive category tree) become components.
    transformObject: jsonSchemaTransformObject,
  });
  // The UI's own inline scripts by hash (staticCSP); never framed; plain http outside production.
  const isProduction = app.env.isProduction;
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => {
      // Swagger UI sets inline styles from its script; nothing else inline is allowed.
      const framed = header
        .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");
      return isProduction ? framed : framed.replace(/\s*upgrade-insecure-requests;?/, '');
    },
  });
}

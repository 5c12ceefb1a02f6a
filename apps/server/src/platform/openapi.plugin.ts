import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Swagger UI's own policy, set on its routes only (it replaces the app's policy there). Its bundle needs
 * inline styles and data: images like the app, and it may be framed by our own pages.
 */
const swaggerContentSecurityPolicy = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** OpenAPI generated from the contract's zod schemas, at /v2/openapi.json, browsable at /docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'LMS API', version: '2.0.0', description: 'API sistem pembelajaran daring' },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: swaggerContentSecurityPolicy });
    app.get(
      '/v2/openapi.json',
      { schema: { hide: true }, config: { public: 'the API description' } },
      async () => app.swagger(),
    );
  },
  { name: 'openapi' },
);

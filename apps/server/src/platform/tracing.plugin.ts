import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Span } from '@opentelemetry/api';
import type { TracingConfig } from '../config.ts';

/** Route label of requests no route matched, as in /metrics: a raw URL may carry a token or an id. */
const unmatchedRoute = 'unmatched';

/**
 * OpenTelemetry traces, when configured (`OTEL_EXPORTER_OTLP_ENDPOINT`): one span per request named by
 * its method and route pattern, a child span for the route handler, and one per PostgreSQL statement
 * made inside a request. Spans carry the route pattern, the status and the statement text (drizzle sends
 * values as parameters, which are not recorded); never the URL, its query, headers or bodies.
 * Off, it loads nothing: the OpenTelemetry packages are imported only here, when switched on.
 */
export const tracingPlugin = fp(
  async (app: FastifyInstance, options: { tracing: TracingConfig | undefined }) => {
    if (!options.tracing) return;
    const tracing = await startTracing(options.tracing);
    await app.register(tracing.fastifyPlugin);
    // Sends what is still buffered, and unhooks pg for the next app in this process (tests).
    app.addHook('onClose', () => tracing.stop());
  },
  { name: 'tracing' },
);

async function startTracing(config: TracingConfig) {
  const [api, { NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const [{ FastifyOtelInstrumentation }, { PgInstrumentation }, { default: pg }] = await Promise.all([
    import('@fastify/otel'),
    import('@opentelemetry/instrumentation-pg'),
    import('pg'),
  ]);

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    // Batches, so a request never waits for the collector; a collector that is down costs dropped spans.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: config.tracesUrl }))],
  });
  // Global context manager (spans of a request's statements find their parent) and W3C propagation
  // (a proxy's traceparent continues its trace).
  provider.register();

  const fastifyOtel = new FastifyOtelInstrumentation({
    // Hook spans would be a dozen per request (every plugin's onRequest) for little insight.
    instrumentHooks: false,
    requestHook: (span: Span, request: FastifyRequest) => {
      const route = request.routeOptions.url ?? unmatchedRoute;
      span.updateName(`${request.method} ${route}`);
      // @fastify/otel records request.url, query string included; the pattern is what is kept.
      span.setAttribute('url.path', route);
    },
  });
  fastifyOtel.setTracerProvider(provider);

  // pg is loaded already (the database opened before the app is built) and imported as ESM, which the
  // instrumentation's require hook never sees; its own patch is applied to the loaded module instead.
  const pgInstrumentation = new PgInstrumentation({
    enabled: false,
    // Job polling outside requests would otherwise be a root trace every few seconds.
    requireParentSpan: true,
    ignoreConnectSpans: true,
  });
  pgInstrumentation.setTracerProvider(provider);
  const pgDefinitions = pgInstrumentation.getModuleDefinitions().filter((d) => d.name === 'pg');
  for (const definition of pgDefinitions) definition.patch?.(pg);

  return {
    fastifyPlugin: fastifyOtel.plugin(),
    async stop() {
      for (const definition of pgDefinitions) definition.unpatch?.(pg);
      await provider.shutdown();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}

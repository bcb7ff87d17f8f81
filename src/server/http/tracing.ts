import type { FastifyInstance } from 'fastify';

/**
 * OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set. The SDK and its OTLP exporter are optional
 * packages, loaded by name at start (`npm install @opentelemetry/api @opentelemetry/sdk-trace-node
 * @opentelemetry/exporter-trace-otlp-http`): a server without an exporter loads no tracing code at all. A start with
 * the endpoint set but the packages missing is refused with that command.
 */
export const TRACING_PACKAGES = ['@opentelemetry/api', '@opentelemetry/sdk-trace-node', '@opentelemetry/exporter-trace-otlp-http'] as const;

/** Loads an optional package by name (a variable, so that neither TypeScript nor esbuild requires it to exist). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function optional(name: string): Promise<any> {
  try {
    return await import(name);
  } catch {
    throw new Error(`OTEL_EXPORTER_OTLP_ENDPOINT is set but ${name} is not installed: npm install ${TRACING_PACKAGES.join(' ')}`);
  }
}

/** Registers the tracer provider exporting over OTLP/HTTP to `endpoint` (its /v1/traces). */
export async function startTracing(endpoint: string): Promise<void> {
  const { NodeTracerProvider, BatchSpanProcessor } = await optional('@opentelemetry/sdk-trace-node');
  const { OTLPTraceExporter } = await optional('@opentelemetry/exporter-trace-otlp-http');
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter)] });
  provider.register();
}

/**
 * One span per request, named by its method and route pattern (never the URL: ids and query strings can be PHI), with
 * the status code; an incoming `traceparent` continues the caller's trace.
 */
export async function installRequestTracing(app: FastifyInstance): Promise<void> {
  const api = await optional('@opentelemetry/api');
  const tracer = api.trace.getTracer('clinician-portal');
  const spans = new WeakMap<object, { end(): void; setAttribute(k: string, v: unknown): void; setStatus(s: unknown): void }>();
  app.addHook('onRequest', async (req) => {
    const parent = api.propagation.extract(api.context.active(), req.headers);
    const route = req.routeOptions.url ?? 'unmatched';
    spans.set(
      req,
      tracer.startSpan(
        `${req.method} ${route}`,
        {
          kind: api.SpanKind.SERVER,
          attributes: { 'http.request.method': req.method, 'http.route': route },
        },
        parent,
      ),
    );
  });
  app.addHook('onResponse', async (req, reply) => {
    const span = spans.get(req);
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
  });
}

#!/usr/bin/env node
// A small incident-diagnosis agent that reports its work to evidence-trace as
// OpenTelemetry spans (GenAI semantic conventions) over OTLP, with the stock
// OpenTelemetry JS SDK and exporters: OTLP/gRPC, OTLP/HTTP protobuf or OTLP/HTTP
// JSON, chosen by OTEL_EXPORTER_OTLP_PROTOCOL as the SDK's own auto-configuration
// does. It sends one `chat` span and three `execute_tool` spans:
//   query_logs        succeeds, with a JSON result (gen_ai.tool.call.result)
//   query_metrics     fails: status ERROR, error.type TimeoutError, an exception event
//   lookup_knowledge  succeeds, but its result is not captured (no result attribute)
// The tool call ids (gen_ai.tool.call.id) derive from the session id, so running
// it twice with the same session id resends the same three tool calls.
//
// Usage: node agent.js [HOST:PORT] [SESSION_ID]
//   HOST:PORT   the evidence-trace server (plaintext gRPC, or the HTTP endpoint for the
//               HTTP protocols). Without it the exporter reads
//               OTEL_EXPORTER_OTLP_TRACES_ENDPOINT / OTEL_EXPORTER_OTLP_ENDPOINT.
//   SESSION_ID  gen_ai.conversation.id; default node-otel-<uuid>.
// OTEL_EXPORTER_OTLP_TRACES_PROTOCOL / OTEL_EXPORTER_OTLP_PROTOCOL: grpc (the default
// here), http/protobuf or http/json. The exporter adds OTEL_EXPORTER_OTLP_HEADERS
// (e.g. "authorization=Bearer <token>") as gRPC metadata or HTTP headers by itself.
//
// Prints one JSON line saying what it sent. Exit 0 when every span was exported,
// 1 when the export failed, 2 on bad usage. See README.md.
'use strict';

const crypto = require('node:crypto');
const { diag, DiagConsoleLogger, DiagLogLevel, SpanKind, SpanStatusCode, context, trace } = require('@opentelemetry/api');
const { BasicTracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { resourceFromAttributes } = require('@opentelemetry/resources');

// OTEL_EXPORTER_OTLP_PROTOCOL's values and their exporter packages, as @opentelemetry/sdk-node maps them.
const EXPORTERS = {
  grpc: '@opentelemetry/exporter-trace-otlp-grpc',
  'http/protobuf': '@opentelemetry/exporter-trace-otlp-proto',
  'http/json': '@opentelemetry/exporter-trace-otlp-http',
};

const ExportResultCode = { SUCCESS: 0, FAILED: 1 }; // @opentelemetry/core's ExportResultCode

// Counts what the OTLP exporter really delivered: the SDK only reports export
// failures to the diag logger, so the exit code is decided here.
class CountingExporter {
  constructor(inner) {
    this.inner = inner;
    this.exported = 0;
    this.errors = [];
  }

  export(spans, resultCallback) {
    this.inner.export(spans, (result) => {
      if (result.code === ExportResultCode.SUCCESS) this.exported += spans.length;
      else this.errors.push(String((result.error && result.error.message) || result.error || 'export failed'));
      resultCallback(result);
    });
  }

  forceFlush() {
    return this.inner.forceFlush ? this.inner.forceFlush() : Promise.resolve();
  }

  shutdown() {
    return this.inner.shutdown();
  }
}

// A stable, OpenAI-shaped tool call id per (session, call): a rerun reuses it.
function toolCallId(sessionId, n) {
  return `call_${crypto.createHash('sha256').update(`${sessionId}#${n}`).digest('hex').slice(0, 24)}`;
}

function main() {
  const address = process.argv[2];
  const sessionId = process.argv[3] || `node-otel-${crypto.randomUUID()}`;
  const envEndpoint = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!address && !envEndpoint) {
    console.error('usage: node agent.js HOST:PORT [SESSION_ID]   (or set OTEL_EXPORTER_OTLP_ENDPOINT=http://HOST:PORT)');
    return Promise.resolve(2);
  }
  if (address && !/^[^/\s]+:\d+$/.test(address)) {
    console.error(`agent.js: expected HOST:PORT, got ${JSON.stringify(address)}`);
    return Promise.resolve(2);
  }
  const protocol = (process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || process.env.OTEL_EXPORTER_OTLP_PROTOCOL || 'grpc').trim();
  if (!EXPORTERS[protocol]) {
    console.error(`agent.js: OTEL_EXPORTER_OTLP_PROTOCOL must be one of ${Object.keys(EXPORTERS).join(', ')}, not ${JSON.stringify(protocol)}`);
    return Promise.resolve(2);
  }
  diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.WARN);

  // http:// = plaintext; use https:// (and OTEL_EXPORTER_OTLP_CERTIFICATE) for TLS. An explicit URL is
  // the whole URL: the HTTP exporters append /v1/traces only to OTEL_EXPORTER_OTLP_ENDPOINT.
  const { OTLPTraceExporter } = require(EXPORTERS[protocol]);
  const url = address && (protocol === 'grpc' ? `http://${address}` : `http://${address}/v1/traces`);
  const otlp = new OTLPTraceExporter(url ? { url } : {});
  const exporter = new CountingExporter(otlp);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'incident-agent', 'service.version': '0.1.0' }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('evidence-trace-node-otel-example', '0.1.0');

  // The run happened over the last ~35 s: explicit times give realistic durations.
  const t0 = Date.now() - 35000;
  const model = 'gpt-4o';
  const sent = { chat: null, tool_calls: [] };

  // 1. The model turn that decided which tools to call.
  const chat = tracer.startSpan(`chat ${model}`, {
    kind: SpanKind.CLIENT,
    startTime: t0,
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': model,
      'gen_ai.request.temperature': 0.2,
      'gen_ai.response.model': 'gpt-4o-2024-08-06',
      'gen_ai.response.id': `chatcmpl-${toolCallId(sessionId, 0).slice(5)}`,
      'gen_ai.response.finish_reasons': ['tool_calls'],
      'gen_ai.usage.input_tokens': 1412,
      'gen_ai.usage.output_tokens': 96,
      'gen_ai.conversation.id': sessionId,
      'server.address': 'api.openai.com',
      'server.port': 443,
    },
  });
  chat.end(t0 + 1200);
  sent.chat = { model, span_id: chat.spanContext().spanId, trace_id: chat.spanContext().traceId };
  // The tool spans are children of the chat turn that requested them.
  const parent = trace.setSpan(context.active(), chat);

  function tool(n, name, description, args, startOffset, durationMs, outcome) {
    const id = toolCallId(sessionId, n);
    const span = tracer.startSpan(`execute_tool ${name}`, {
      kind: SpanKind.INTERNAL,
      startTime: t0 + startOffset,
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': name,
        'gen_ai.tool.description': description,
        'gen_ai.tool.type': 'function',
        'gen_ai.tool.call.id': id,
        'gen_ai.tool.call.arguments': JSON.stringify(args),
        'gen_ai.conversation.id': sessionId,
      },
    }, parent);
    let status = 'ok';
    if (outcome.result !== undefined) {
      span.setAttribute('gen_ai.tool.call.result', JSON.stringify(outcome.result));
    } else if (outcome.error) {
      span.recordException(outcome.error, t0 + startOffset + durationMs);
      span.setAttribute('error.type', outcome.error.name);
      span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error.message });
      status = 'error';
    } else {
      status = 'ok, result not captured';
    }
    span.end(t0 + startOffset + durationMs);
    sent.tool_calls.push({ id, tool: name, status });
  }

  // 2. A log search that found the errors.
  tool(1, 'query_logs', 'Search the service logs', { logTopic: 'payment', query: 'level:ERROR', limit: 50 },
    1300, 840, {
      result: {
        success: true,
        total: 2,
        logs: [
          { timestamp: '2026-11-30T10:00:01Z', level: 'ERROR', service: 'payment-service',
            message: 'upstream timeout after 30s calling bank-gateway /v2/authorize' },
          { timestamp: '2026-11-30T10:00:04Z', level: 'ERROR', service: 'payment-service',
            message: 'circuit breaker bank-gateway OPEN after 5 consecutive failures' },
        ],
      },
    });

  // 3. A metrics query that timed out.
  const timeout = new Error('prometheus did not answer within 30s');
  timeout.name = 'TimeoutError';
  tool(2, 'query_metrics', 'Query Prometheus metrics',
    { query: 'histogram_quantile(0.99, rate(http_request_duration_seconds_bucket{service="payment"}[5m]))' },
    2200, 30000, { error: timeout });

  // 4. A knowledge-base lookup whose result the instrumentation did not record
  //    (gen_ai.tool.call.result is opt-in): the server stores "no output captured".
  tool(3, 'lookup_knowledge', 'Search the runbooks', { query: 'payment upstream timeout runbook' },
    32300, 95, {});

  const endpoint = url || envEndpoint;
  const spanCount = 1 + sent.tool_calls.length;
  const report = (extraErrors) => {
    const errors = exporter.errors.length ? exporter.errors : extraErrors; // a failed export also rejects the flush
    const ok = errors.length === 0 && exporter.exported === spanCount;
    console.log(JSON.stringify({
      ok, protocol, endpoint, session_id: sessionId, spans: spanCount, exported: exporter.exported,
      chat: sent.chat, tool_calls: sent.tool_calls, ...(errors.length ? { errors } : {}),
    }));
    return ok ? 0 : 1;
  };
  return provider.forceFlush()
    .then(() => provider.shutdown())
    .then(() => report([]), (err) => report([String((err && err.message) || err)]));
}

main().then((code) => { process.exitCode = code; }, (err) => {
  console.error(err);
  process.exitCode = 1;
});

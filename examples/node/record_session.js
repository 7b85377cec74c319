#!/usr/bin/env node
// Records a small diagnosis session in evidence-trace and reads its summary back,
// using only the contract in protos/ (no generated code): @grpc/grpc-js and
// @grpc/proto-loader. Prints the session id first, and completes the session at
// the end (COMPLETED, or FAILED when a check failed), so it does not stay ACTIVE.
// Exits non-zero when the server's answers differ from what the contract
// promises. See README.md.
//
// Usage: node record_session.js HOST:PORT   (or EVIDENCE_TRACE_ADDRESS=HOST:PORT)
'use strict';

const path = require('node:path');
const crypto = require('node:crypto');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const PROTOS = path.resolve(__dirname, '..', '..', 'protos');
const DEADLINE_MS = 5000;

function loadService() {
  // includeDirs resolves our import root; proto-loader bundles google/protobuf/*.
  const definition = protoLoader.loadSync('evidence_trace/v1/evidence_trace.proto', {
    includeDirs: [PROTOS],
    keepCase: true,
    longs: String,
    enums: String,
    defaults: true,
    oneofs: true,
  });
  const proto = grpc.loadPackageDefinition(definition);
  return proto.evidence_trace.v1.EvidenceTraceService;
}

// google.protobuf.Struct from a plain JSON object.
function toValue(value) {
  if (value === null || value === undefined) return { nullValue: 'NULL_VALUE' };
  if (typeof value === 'number') return { numberValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (Array.isArray(value)) return { listValue: { values: value.map(toValue) } };
  return { structValue: toStruct(value) };
}

function toStruct(object) {
  const fields = {};
  for (const [key, value] of Object.entries(object)) fields[key] = toValue(value);
  return { fields };
}

function now() {
  const ms = Date.now();
  return { seconds: String(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1e6 };
}

// Promise-returning unary calls, each with a deadline.
function unary(client, method) {
  return (request) => new Promise((resolve, reject) => {
    const deadline = new Date(Date.now() + DEADLINE_MS);
    client[method](request, { deadline }, (err, response) => (err ? reject(err) : resolve(response)));
  });
}

function printTable(entries) {
  const rows = [['tool', 'topic', 'level', 'calls', 'ok', 'failed'], ...entries.map((e) => [
    e.tool_name, e.topic_domain, e.level.replace('EVIDENCE_LEVEL_', ''),
    String(e.call_count), String(e.success_count), String(e.failure_count)])];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log('');
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
  console.log('');
}

const failures = [];
function expect(condition, what) {
  console.log(`${condition ? 'ok  ' : 'FAIL'} ${what}`);
  if (!condition) failures.push(what);
}

async function main() {
  const address = process.argv[2] || process.env.EVIDENCE_TRACE_ADDRESS;
  if (!address) {
    console.error('usage: node record_session.js HOST:PORT');
    process.exit(2);
  }
  const Service = loadService();
  const client = new Service(address, grpc.credentials.createInsecure());
  const call = (method) => unary(client, method);
  const session = `node-${crypto.randomUUID()}`;
  console.log(`session ${session}`);

  const logs = {
    invocation_id: crypto.randomUUID(), session_id: session, tool_name: 'query_logs',
    input_params: toStruct({ logTopic: 'payment', query: 'level:ERROR', limit: 50 }),
    start_time: now(), duration_ms: 840, success: true, topic_domain: 'payment',
    output_preview: '2026-11-30T10:00:01Z ERROR payment-service upstream timeout after 30s',
  };
  const metricsTimeout = {
    invocation_id: crypto.randomUUID(), session_id: session, tool_name: 'query_metrics',
    input_params: toStruct({ metric: 'http_request_duration_seconds', service: 'payment' }),
    start_time: now(), duration_ms: 30000, success: false, output_state: 'OUTPUT_STATE_NOT_CAPTURED',
    error_kind: 'ERROR_KIND_TIMEOUT', error_message: 'prometheus did not answer within 30s',
  };
  const knowledge = {
    invocation_id: crypto.randomUUID(), session_id: session, tool_name: 'lookup_knowledge',
    input_params: toStruct({ query: 'payment upstream timeout runbook' }),
    duration_ms: 95, success: true, output_preview: 'Runbook PAY-7: upstream timeouts, check the bank gateway.',
    retrieval: { retrieval_layer: 'L0', l0_count: 1, relevance_level: 'RELEVANCE_LEVEL_HIGH' },
  };

  const first = await call('RecordInvocation')({ invocation: logs });
  expect(first.outcome === 'RECORD_OUTCOME_CREATED', `RecordInvocation query_logs -> ${first.outcome}`);

  const batch = await call('BatchRecordInvocations')({ invocations: [metricsTimeout, knowledge] });
  const outcomes = batch.results.map((r) => r.outcome);
  expect(outcomes.join() === 'RECORD_OUTCOME_CREATED,RECORD_OUTCOME_CREATED',
    `BatchRecordInvocations query_metrics (failed) + lookup_knowledge -> ${outcomes.join(', ')}`);

  const resend = await call('RecordInvocation')({ invocation: logs });
  expect(resend.outcome === 'RECORD_OUTCOME_DUPLICATE', `resend with the same id -> ${resend.outcome}`);

  const step = await call('RecordAgentStep')({ step: {
    step_id: crypto.randomUUID(), session_id: session, kind: 'AGENT_STEP_KIND_MODEL_STEP', name: 'gpt-4o',
    duration_ms: 1200, detail: 'The logs show upstream timeouts; check the gateway latency.', success: true,
  } });
  expect(step.outcome === 'RECORD_OUTCOME_CREATED', `RecordAgentStep model step -> ${step.outcome}`);

  try {
    await call('RecordInvocation')({ invocation: { invocation_id: 'bad id!', session_id: session } });
    expect(false, 'an invalid invocation is refused');
  } catch (err) {
    expect(err.code === grpc.status.INVALID_ARGUMENT, `an invalid invocation is refused -> code ${err.code}`);
  }

  const { session: counts } = await call('GetSession')({ session_id: session });
  expect(Number(counts.tool_call_count) === 3 && Number(counts.step_count) === 1,
    `GetSession -> ${counts.tool_call_count} tool calls, ${counts.step_count} steps`);

  const summary = await call('SummarizeSession')({ session_id: session });
  printTable(summary.entries);
  const total = (field) => summary.entries.reduce((n, e) => n + Number(e[field]), 0);
  expect(total('call_count') === 3 && total('failure_count') === 1,
    `SummarizeSession -> ${total('call_count')} calls, ${total('failure_count')} failed`);
  const metrics = summary.entries.find((e) => e.tool_name === 'query_metrics');
  expect(metrics && metrics.level === 'EVIDENCE_LEVEL_FAILED', 'the failed metrics query stays a failure');

  const status = failures.length ? 'SESSION_STATUS_FAILED' : 'SESSION_STATUS_COMPLETED';
  const done = await call('CompleteSession')({ session_id: session, status });
  expect(done.session.status === status, `CompleteSession -> ${done.session.status}`);

  client.close();
  console.log(`see it with: evidence-trace show ${session} --server ${address}`);
  if (failures.length) {
    console.error(`${failures.length} check(s) failed`);
    process.exit(1);
  }
  console.log('all checks passed');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

package com.example.evidencetrace;

import com.google.gson.Gson;
import evidence_trace.v1.EvidenceTrace.ChatRequest;
import evidence_trace.v1.EvidenceTrace.ChatResponse;
import evidence_trace.v1.EvidenceTrace.EvidenceSummaryEntry;
import evidence_trace.v1.EvidenceTrace.RecordOutcome;
import evidence_trace.v1.EvidenceTrace.SummarizeSessionRequest;
import evidence_trace.v1.EvidenceTrace.SummarizeSessionResponse;
import evidence_trace.v1.EvidenceTraceServiceGrpc;
import evidence_trace.v1.EvidenceTraceServiceGrpc.EvidenceTraceServiceBlockingStub;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An incident-diagnosis agent's session, recorded in evidence-trace over gRPC with classes generated from
 * protos/ and gated with Chat: a successful query_logs call with its JSON output, a failed query_metrics call, a
 * search_tickets call that completed with no output, a lookup_knowledge call with its retrieval fields, and a model
 * step. The query_logs call is then resent, as a retry would be: a DUPLICATE. Prints what it did, then one JSON
 * line; exits 0 when every answer is the one the contract promises, 1 otherwise, 2 on bad usage.
 *
 * <p>Usage: {@code java -cp ... com.example.evidencetrace.RecordSession HOST:PORT [SESSION_ID]}; with a token
 * file on the server, set EVIDENCE_TRACE_TOKEN (sent as {@code authorization: Bearer TOKEN}).
 */
public final class RecordSession {

    static final String LOGS = "{\"total\":2,\"logs\":["
            + "{\"timestamp\":\"2026-11-30T10:00:01Z\",\"level\":\"ERROR\",\"service\":\"payment-service\","
            + "\"message\":\"upstream bank-gateway timeout after 30s (HTTP 504)\"},"
            + "{\"timestamp\":\"2026-11-30T10:00:04Z\",\"level\":\"ERROR\",\"service\":\"payment-service\","
            + "\"message\":\"circuit breaker bank-gateway OPEN after 5 consecutive failures\"}]}";
    static final String SUPPORTED = "payment-service logged an ERROR: the upstream bank-gateway timed out after 30s "
            + "(HTTP 504).";
    static final String UNSUPPORTED = "The outage was caused by zq9leak-service exhausting its pool, with ORA-00018 "
            + "errors.";

    private RecordSession() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || !args[0].matches("[^/\\s]+:\\d+")) {
            System.err.println("usage: RecordSession HOST:PORT [SESSION_ID]");
            System.exit(2);
        }
        String session = args.length > 1 ? args[1] : "java-" + UUID.randomUUID();
        ManagedChannel channel = ManagedChannelBuilder.forTarget(args[0]).usePlaintext().build();
        try {
            System.exit(run(stub(channel), session));
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    static EvidenceTraceServiceBlockingStub stub(ManagedChannel channel) {
        EvidenceTraceServiceBlockingStub stub = EvidenceTraceServiceGrpc.newBlockingStub(channel);
        String token = System.getenv("EVIDENCE_TRACE_TOKEN");
        if (token == null || token.isBlank()) {
            return stub;
        }
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token.strip());
        return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
    }

    static int run(EvidenceTraceServiceBlockingStub stub, String session) throws Exception {
        System.out.println("session " + session);
        ToolRecorder recorder = new ToolRecorder(stub, session);
        Map<String, Object> report = new LinkedHashMap<>();
        Map<String, String> outcomes = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();

        // The model's tool call ids: client-chosen invocation ids, stable for the call.
        String[] callId = {""};
        ToolCallback queryLogs = tool("query_logs", input -> LOGS);
        ToolCallback queryMetrics = tool("query_metrics", input -> {
            throw new TimeoutException("prometheus did not answer within 30s");
        });
        ToolCallback searchTickets = tool("search_tickets", input -> null); // completed, gave no output
        ToolCallback lookupKnowledge = tool("lookup_knowledge", input -> {
            recorder.retrieval("L1", 0, 3, "low", "2 chunks dropped as near-duplicates of PAY-7");
            return "Runbook PAY-7 (similar, not this incident): restart the gateway pool.";
        });

        Instant modelStart = Instant.now();
        RecordOutcome step = recorder.modelStep(
                "step-" + session + "-1", "gpt-4o", modelStart, 1200, "chat: decided to call 4 tools");
        outcomes.put("model_step", step.name());

        Object[][] calls = {
            {queryLogs, "{\"logTopic\":\"payment\",\"query\":\"level:ERROR\",\"limit\":50}"},
            {queryMetrics, "{\"query\":\"rate(http_requests_total{service=\\\"payment\\\"}[5m])\"}"},
            {searchTickets, "{\"q\":\"checkout 504\"}"},
            {lookupKnowledge, "{\"query\":\"bank-gateway 504 runbook\"}"},
        };
        int n = 0;
        for (Object[] call : calls) {
            ToolCallback tool = (ToolCallback) call[0];
            callId[0] = "call_" + session + "_" + (++n);
            RecordingToolCallback recorded = new RecordingToolCallback(tool, recorder, () -> callId[0]);
            String status;
            try {
                String output = recorded.call((String) call[1]);
                status = output == null ? "ok, no output" : "ok";
            } catch (Exception e) {
                status = "failed: " + e.getMessage();
            }
            outcomes.put(tool.name(), recorder.lastOutcome().name());
            System.out.printf("%-16s %-22s %s%n", tool.name(), recorder.lastOutcome().name(), status);
            if (n == 1) {
                RecordOutcome again = recorder.resendLast(); // a retry whose first answer was lost
                outcomes.put("query_logs_retry", again.name());
                System.out.printf("%-16s %-22s %s%n", "query_logs", again.name(), "resent with the same id");
                expect(again == RecordOutcome.RECORD_OUTCOME_DUPLICATE, "the retried call is a DUPLICATE", failures);
            }
        }
        for (Map.Entry<String, String> outcome : outcomes.entrySet()) {
            if (!outcome.getKey().equals("query_logs_retry")) {
                expect(outcome.getValue().equals("RECORD_OUTCOME_CREATED"), outcome.getKey() + " CREATED", failures);
            }
        }

        SummarizeSessionResponse summary = stub.withDeadlineAfter(ToolRecorder.DEADLINE_MS, TimeUnit.MILLISECONDS)
                .summarizeSession(SummarizeSessionRequest.newBuilder().setSessionId(session).build());
        Map<String, String> levels = new LinkedHashMap<>();
        System.out.println();
        for (EvidenceSummaryEntry e : summary.getEntriesList()) {
            levels.put(e.getToolName(), e.getLevel().name());
            System.out.printf("%-16s %-26s calls=%d failed=%d%n", e.getToolName(), e.getLevel().name(),
                    e.getCallCount(), e.getFailureCount());
        }
        expect("EVIDENCE_LEVEL_DIRECT".equals(levels.get("query_logs")), "query_logs is direct evidence", failures);
        expect("EVIDENCE_LEVEL_FAILED".equals(levels.get("query_metrics")), "query_metrics stays a failure", failures);

        String accepted = gate(stub, session, SUPPORTED);
        String rejected = gate(stub, session, UNSUPPORTED);
        System.out.println();
        System.out.println("Chat, a draft the logs support:    " + accepted);
        System.out.println("Chat, a draft nothing supports:    " + rejected);
        expect(accepted.equals("DECISION_ACCEPT"), "the supported draft is accepted", failures);
        expect(rejected.equals("DECISION_REJECT"), "the unsupported draft is rejected", failures);

        report.put("ok", failures.isEmpty());
        report.put("session_id", session);
        report.put("outcomes", outcomes);
        report.put("levels", levels);
        report.put("tool_calls", summary.getSession().getToolCallCount());
        report.put("steps", summary.getSession().getStepCount());
        report.put("decisions", Map.of("supported", accepted, "unsupported", rejected));
        report.put("failures", failures);
        System.out.println(new Gson().toJson(report));
        return failures.isEmpty() ? 0 : 1;
    }

    private static String gate(EvidenceTraceServiceBlockingStub stub, String session, String draft) {
        ChatResponse response = stub.withDeadlineAfter(ToolRecorder.DEADLINE_MS, TimeUnit.MILLISECONDS)
                .chat(ChatRequest.newBuilder()
                        .setSessionId(session)
                        .setQuestion("Why did checkout fail?")
                        .setDraftAnswer(draft)
                        .setRequestId(UUID.randomUUID().toString())
                        .build());
        return response.getDecision().getDecision().name();
    }

    private static void expect(boolean condition, String what, List<String> failures) {
        if (!condition) {
            failures.add(what);
        }
    }

    /** A tool with a name and a body. */
    private static ToolCallback tool(String name, Body body) {
        return new ToolCallback() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String call(String toolInput) throws Exception {
                return body.apply(toolInput);
            }
        };
    }

    @FunctionalInterface
    private interface Body {
        String apply(String toolInput) throws Exception;
    }
}

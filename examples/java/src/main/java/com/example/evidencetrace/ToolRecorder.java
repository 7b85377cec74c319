package com.example.evidencetrace;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.util.JsonFormat;
import evidence_trace.v1.EvidenceTrace.AgentStep;
import evidence_trace.v1.EvidenceTrace.AgentStepKind;
import evidence_trace.v1.EvidenceTrace.ErrorKind;
import evidence_trace.v1.EvidenceTrace.OutputState;
import evidence_trace.v1.EvidenceTrace.RecordAgentStepRequest;
import evidence_trace.v1.EvidenceTrace.RecordInvocationRequest;
import evidence_trace.v1.EvidenceTrace.RecordOutcome;
import evidence_trace.v1.EvidenceTrace.RelevanceLevel;
import evidence_trace.v1.EvidenceTrace.RetrievalDetails;
import evidence_trace.v1.EvidenceTrace.ToolInvocation;
import evidence_trace.v1.EvidenceTraceServiceGrpc.EvidenceTraceServiceBlockingStub;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Records an agent's tool calls and model steps in one evidence-trace session, the agent's side of the contract
 * (docs/contract.md): every call is recorded, success or not; the output is recorded as the tool gave it, an
 * absent output as NOT_CAPTURED (never an empty success); a failure with its error and kind. Writes carry a
 * client-chosen id, so the bounded retry on UNAVAILABLE / RESOURCE_EXHAUSTED / DEADLINE_EXCEEDED is safe: a resend
 * the server already stored is acknowledged as RECORD_OUTCOME_DUPLICATE.
 */
public final class ToolRecorder {

    /** The deadline of each call. */
    static final long DEADLINE_MS = 5_000;
    /** Attempts per write, the first included. */
    static final int ATTEMPTS = 4;

    private static final Set<Status.Code> RETRYABLE =
            EnumSet.of(Status.Code.UNAVAILABLE, Status.Code.RESOURCE_EXHAUSTED, Status.Code.DEADLINE_EXCEEDED);

    /** A tool call's body: its output, null when it gave none. */
    @FunctionalInterface
    public interface Call {
        String run() throws Exception;
    }

    private final EvidenceTraceServiceBlockingStub stub;
    private final String sessionId;
    private RetrievalDetails nextRetrieval;
    private ToolInvocation lastInvocation;
    private RecordOutcome lastOutcome = RecordOutcome.RECORD_OUTCOME_UNSPECIFIED;

    public ToolRecorder(EvidenceTraceServiceBlockingStub stub, String sessionId) {
        this.stub = stub;
        this.sessionId = sessionId;
    }

    public String sessionId() {
        return sessionId;
    }

    /**
     * Retrieval fields for the next recorded call (a knowledge lookup sets them before returning):
     * the layer that answered (L0, L1), the hits per layer, the relevance (none, low, medium, high) and why
     * results were dropped as duplicates.
     */
    public void retrieval(String layer, int l0Count, int l1Count, String relevance, String dedupReason) {
        nextRetrieval = RetrievalDetails.newBuilder()
                .setRetrievalLayer(layer)
                .setL0Count(l0Count)
                .setL1Count(l1Count)
                .setRelevanceLevel(RelevanceLevel.valueOf("RELEVANCE_LEVEL_" + relevance.toUpperCase()))
                .setDedupReason(dedupReason)
                .build();
    }

    /**
     * Runs {@code call} and records it: its output, its failure, or that it gave no output. Returns the output,
     * or rethrows the tool's exception once the failure is recorded.
     */
    public String record(String invocationId, String toolName, String argumentsJson, Call call) throws Exception {
        Instant start = Instant.now();
        ToolInvocation.Builder inv = ToolInvocation.newBuilder()
                .setInvocationId(invocationId)
                .setSessionId(sessionId)
                .setToolName(toolName)
                .setInputParams(struct(argumentsJson))
                .setStartTime(timestamp(start));
        String output = null;
        Exception failure = null;
        try {
            output = call.run();
        } catch (Exception e) {
            failure = e;
        }
        inv.setDurationMs(Math.max(0, Instant.now().toEpochMilli() - start.toEpochMilli()));
        if (nextRetrieval != null) {
            inv.setRetrieval(nextRetrieval);
            nextRetrieval = null;
        }
        if (failure != null) {
            inv.setSuccess(false)
                    .setOutputState(OutputState.OUTPUT_STATE_NOT_CAPTURED)
                    .setErrorKind(failure instanceof TimeoutException
                            ? ErrorKind.ERROR_KIND_TIMEOUT : ErrorKind.ERROR_KIND_EXCEPTION)
                    .setErrorMessage(failure.getClass().getSimpleName() + ": " + failure.getMessage());
        } else if (output == null) {
            inv.setSuccess(true).setOutputState(OutputState.OUTPUT_STATE_NOT_CAPTURED);
        } else {
            inv.setSuccess(true)
                    .setOutputState(output.isEmpty() ? OutputState.OUTPUT_STATE_EMPTY : OutputState.OUTPUT_STATE_CAPTURED)
                    .setOutputPreview(output);
        }
        lastOutcome = send(inv.build());
        if (failure != null) {
            throw failure;
        }
        return output;
    }

    /** The outcome of the last recorded tool call. */
    public RecordOutcome lastOutcome() {
        return lastOutcome;
    }

    /** Sends the last recorded call again, as a retry whose first answer was lost would: a DUPLICATE. */
    public RecordOutcome resendLast() {
        return send(lastInvocation);
    }

    /** Records a model step (a model call of the agent's loop). */
    public RecordOutcome modelStep(String stepId, String model, Instant start, long durationMs, String detail) {
        AgentStep step = AgentStep.newBuilder()
                .setStepId(stepId)
                .setSessionId(sessionId)
                .setKind(AgentStepKind.AGENT_STEP_KIND_MODEL_STEP)
                .setName(model)
                .setStartTime(timestamp(start))
                .setDurationMs(durationMs)
                .setDetail(detail)
                .setSuccess(true)
                .build();
        return retrying(() -> stub.withDeadlineAfter(DEADLINE_MS, TimeUnit.MILLISECONDS)
                .recordAgentStep(RecordAgentStepRequest.newBuilder().setStep(step).build())
                .getOutcome());
    }

    private RecordOutcome send(ToolInvocation inv) {
        lastInvocation = inv;
        return retrying(() -> stub.withDeadlineAfter(DEADLINE_MS, TimeUnit.MILLISECONDS)
                .recordInvocation(RecordInvocationRequest.newBuilder().setInvocation(inv).build())
                .getOutcome());
    }

    /** Bounded retries with jittered exponential backoff, on the retryable codes only. */
    private static <T> T retrying(Supplier<T> write) {
        long backoffMs = 100;
        for (int attempt = 1; ; attempt++) {
            try {
                return write.get();
            } catch (StatusRuntimeException e) {
                if (attempt == ATTEMPTS || !RETRYABLE.contains(e.getStatus().getCode())) {
                    throw e;
                }
                try {
                    Thread.sleep(backoffMs / 2 + ThreadLocalRandom.current().nextLong(backoffMs));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
                backoffMs *= 2;
            }
        }
    }

    static Struct struct(String json) {
        Struct.Builder builder = Struct.newBuilder();
        try {
            JsonFormat.parser().merge(json == null || json.isBlank() ? "{}" : json, builder);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("tool arguments must be a JSON object: " + e.getMessage(), e);
        }
        return builder.build();
    }

    static Timestamp timestamp(Instant instant) {
        return Timestamp.newBuilder().setSeconds(instant.getEpochSecond()).setNanos(instant.getNano()).build();
    }
}

package com.example.evidencetrace;

import java.util.function.Supplier;

/**
 * A {@link ToolCallback} decorator that records every call of the tool it wraps through a {@link ToolRecorder},
 * the way an agent wraps its tool callbacks (a Spring AI agent registers the decorated callbacks with its
 * ChatClient). The invocation id is the model's tool call id, supplied per call, so a resent call is stored once.
 */
public final class RecordingToolCallback implements ToolCallback {

    private final ToolCallback delegate;
    private final ToolRecorder recorder;
    private final Supplier<String> toolCallId;

    /**
     * @param delegate the tool
     * @param recorder where each call is recorded
     * @param toolCallId the id of the call being made (the model's tool call id)
     */
    public RecordingToolCallback(ToolCallback delegate, ToolRecorder recorder, Supplier<String> toolCallId) {
        this.delegate = delegate;
        this.recorder = recorder;
        this.toolCallId = toolCallId;
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public String call(String toolInput) throws Exception {
        return recorder.record(toolCallId.get(), delegate.name(), toolInput, () -> delegate.call(toolInput));
    }
}

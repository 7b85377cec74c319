package com.example.evidencetrace;

/**
 * A tool the agent's model can call, shaped like Spring AI's {@code org.springframework.ai.tool.ToolCallback}:
 * a name, and {@code call(toolInput)} taking the model's JSON arguments and returning the tool's output text.
 * A real Spring AI agent wraps its own {@code ToolCallback}s the same way {@link RecordingToolCallback} does.
 */
public interface ToolCallback {

    /** The tool's name, as the model calls it (the contract's tool-name format). */
    String name();

    /**
     * Runs the tool.
     *
     * @param toolInput the model's arguments, a JSON object
     * @return the tool's output (JSON text or plain text); {@code null} when the tool gives none
     * @throws Exception when the tool fails; a {@link java.util.concurrent.TimeoutException} is a timeout
     */
    String call(String toolInput) throws Exception;
}

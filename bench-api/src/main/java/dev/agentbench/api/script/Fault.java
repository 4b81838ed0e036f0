package dev.agentbench.api.script;

/**
 * What goes wrong on the wire while the mock serves a step. Components left at zero or
 * {@code false} do nothing; several may be combined (a delay and a cut-off stream, say).
 *
 * @param status an HTTP error status (for example 500, 503, 429) sent with an OpenAI-style error
 *     body instead of the reply; 0 for none
 * @param message the error body's message when {@code status} is set
 * @param retryAfterSeconds the {@code Retry-After} header sent with the error status; 0 for none
 * @param delayMs a delay before the first byte of the response
 * @param chunkDelayMs a delay before each streamed chunk
 * @param cutOff a streamed reply stops before its final chunk and the connection is closed
 * @param malformedChunk a streamed reply carries one chunk that is not valid JSON
 * @param hang response headers are sent, then nothing more (the mock ends it after a bound of its
 *     own so that nothing leaks)
 */
public record Fault(
        int status,
        String message,
        int retryAfterSeconds,
        long delayMs,
        long chunkDelayMs,
        boolean cutOff,
        boolean malformedChunk,
        boolean hang) {

    public Fault {
        if (status != 0 && (status < 400 || status > 599)) {
            throw new IllegalArgumentException("Fault status [" + status + "] must be an HTTP error status (400-599)");
        }
        if (retryAfterSeconds < 0 || delayMs < 0 || chunkDelayMs < 0) {
            throw new IllegalArgumentException("Fault delays must not be negative");
        }
    }

    /** An HTTP error status with an OpenAI-style error body. */
    public static Fault status(int status, String message) {
        return new Fault(status, message, 0, 0, 0, false, false, false);
    }

    /** A delay before the first byte of an otherwise normal reply. */
    public static Fault delay(long delayMs) {
        return new Fault(0, null, 0, delayMs, 0, false, false, false);
    }

    /** Headers, then nothing. */
    public static Fault hangs() {
        return new Fault(0, null, 0, 0, 0, false, false, true);
    }

    /** Whether the fault takes the place of the reply, so the step needs no text or tool calls. */
    public boolean replacesReply() {
        return status != 0 || hang;
    }

    /**
     * Whether the fault only waits (a delay before the first byte, before each streamed chunk, or
     * both): the reply itself is served whole and unchanged, as without the fault.
     */
    public boolean onlyWaits() {
        return status == 0 && !hang && !cutOff && !malformedChunk;
    }
}

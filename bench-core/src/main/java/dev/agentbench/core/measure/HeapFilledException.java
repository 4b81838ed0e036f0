package dev.agentbench.core.measure;

/**
 * A retained-heap cell's target keeps so much per session or agent that its measurement would fill
 * the heap ({@link HeapBudget}): the message gives the rate and is the cell's error as it stands.
 * Unchecked, so that the watch of a pass can throw it between iterations.
 */
public final class HeapFilledException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    HeapFilledException(String message) {
        super(message);
    }
}

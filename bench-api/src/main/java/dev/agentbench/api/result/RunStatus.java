package dev.agentbench.api.result;

/** How a run ended, as {@code run.json} records it. */
public enum RunStatus {
    /** Still running, or the parent died without a chance to say otherwise. */
    RUNNING,
    /** Every planned cell ran (each may still have failed). */
    COMPLETED,
    /** Stopped by Ctrl-C or SIGTERM; the cells that finished are kept. */
    INTERRUPTED,
    /**
     * The run stopped before every cell ran: its time budget ({@code --max-duration}) was spent, or,
     * in a run merged from shards, a shard was not merged or had stopped. The cells not run are
     * MISSING.
     */
    STOPPED
}

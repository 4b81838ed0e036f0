package dev.agentbench.api.result;

/** How a run ended, as {@code run.json} records it. */
public enum RunStatus {
    /** Still running, or the parent died without a chance to say otherwise. */
    RUNNING,
    /** Every planned cell ran (each may still have failed). */
    COMPLETED,
    /** Stopped by Ctrl-C or SIGTERM; the cells that finished are kept. */
    INTERRUPTED,
    /** The run's time budget ({@code --max-duration}) was spent; cells not started are MISSING. */
    STOPPED
}

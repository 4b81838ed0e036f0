package dev.agentbench.core.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every process a run has alive, and whether the run is still going. Processes are started only
 * through {@link #start}, so that an interruption (the shutdown hook calling {@link #interrupt})
 * can kill each of them, and no process starts after it.
 */
public final class RunGuard {

    private enum State { RUNNING, INTERRUPTED, FINISHED }

    /** How long an interruption waits for each killed process tree to be gone. */
    private static final long KILL_WAIT_MILLIS = 5_000;

    private final Object lock = new Object();
    private final Set<Process> live = new LinkedHashSet<>();
    private State state = State.RUNNING;

    /** Thrown by {@link #start} once the run was interrupted or has finished. */
    public static final class RunStoppedException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        RunStoppedException() {
            super("The run was interrupted; no process may start");
        }
    }

    /**
     * Starts the process, unless the run is over, and tracks it until {@link #release}.
     *
     * @throws RunStoppedException after {@link #interrupt} or {@link #finish}
     */
    public Process start(ProcessBuilder builder) throws IOException {
        synchronized (lock) {
            if (state != State.RUNNING) {
                throw new RunStoppedException();
            }
            Process process = builder.start();
            live.add(process);
            return process;
        }
    }

    /** Stops tracking a process that is gone. */
    public void release(Process process) {
        synchronized (lock) {
            live.remove(process);
        }
    }

    /**
     * Ends the run by interruption: no process starts from now on, and each live one is killed with
     * its descendants.
     *
     * @return {@code true} if the run was still going, so the caller owns its interrupted end;
     *     {@code false} if it had already finished or been interrupted
     */
    public boolean interrupt() {
        List<Process> toKill;
        synchronized (lock) {
            if (state != State.RUNNING) {
                return false;
            }
            state = State.INTERRUPTED;
            toKill = new ArrayList<>(live);
        }
        for (Process process : toKill) {
            Processes.destroyTree(process.toHandle(), KILL_WAIT_MILLIS);
        }
        return true;
    }

    /**
     * Ends the run normally.
     *
     * @return {@code true} if the run was still going; {@code false} if it was interrupted first
     */
    public boolean finish() {
        synchronized (lock) {
            if (state != State.RUNNING) {
                return false;
            }
            state = State.FINISHED;
            return true;
        }
    }

    public boolean interrupted() {
        synchronized (lock) {
            return state == State.INTERRUPTED;
        }
    }
}

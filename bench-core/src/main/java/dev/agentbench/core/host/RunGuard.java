package dev.agentbench.core.host;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every process a run has alive, and whether the run is still going. Processes are started only
 * through {@link #start}, so that an interruption (the shutdown hook calling {@link #interrupt})
 * can kill each of them, and no process starts after it.
 *
 * <p>It also remembers every descendant it has seen of each of them, looking every {@link
 * #WATCH_INTERVAL}: a process whose parent died is re-parented and can no longer be found from the
 * process the run started (a child JVM that halted, or was killed, leaves its helper processes
 * behind that way). {@link #release} and {@link #interrupt} end those too. A descendant that was
 * started and orphaned between two looks is not seen.
 */
public final class RunGuard {

    private enum State { RUNNING, INTERRUPTED, FINISHED }

    /** How often the descendants of the run's processes are looked for. */
    public static final Duration WATCH_INTERVAL = Duration.ofSeconds(1);

    /** How long an interruption waits for each killed process tree to be gone. */
    private static final long KILL_WAIT_MILLIS = 5_000;

    private final Object lock = new Object();
    /** Each live process, with every descendant of it seen so far. */
    private final Map<Process, Set<ProcessHandle>> live = new LinkedHashMap<>();
    private State state = State.RUNNING;
    private Thread watcher;

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
            live.put(process, new LinkedHashSet<>());
            if (watcher == null) {
                watcher = new Thread(this::watch, "agentbench-descendants");
                watcher.setDaemon(true);
                watcher.start();
            }
            return process;
        }
    }

    /**
     * Stops tracking a process, and ends it if it is still alive, with every descendant of it seen
     * while it ran that is alive still.
     *
     * @return the processes that were left running and are now ended, each as {@code pid command}
     */
    public List<String> release(Process process) {
        Set<ProcessHandle> seen;
        synchronized (lock) {
            seen = live.remove(process);
        }
        List<ProcessHandle> left = new ArrayList<>();
        if (seen != null) {
            seen.stream().filter(ProcessHandle::isAlive).forEach(left::add);
        }
        List<String> ended = left.stream().map(Processes::describe).toList();
        ProcessHandle root = process.toHandle();
        if (root.isAlive()) {
            Processes.destroyTree(root, KILL_WAIT_MILLIS);
        }
        Processes.destroyAll(left, KILL_WAIT_MILLIS);
        return ended;
    }

    /** Looks for the descendants of every live process, every {@link #WATCH_INTERVAL}, while the run goes on. */
    private void watch() {
        while (true) {
            List<Process> processes;
            synchronized (lock) {
                if (state != State.RUNNING) {
                    return;
                }
                processes = new ArrayList<>(live.keySet());
            }
            for (Process process : processes) {
                List<ProcessHandle> found = process.toHandle().descendants().toList();
                if (!found.isEmpty()) {
                    synchronized (lock) {
                        Set<ProcessHandle> seen = live.get(process);
                        if (seen != null && state == State.RUNNING) {
                            seen.addAll(found);
                        }
                    }
                }
            }
            try {
                Thread.sleep(WATCH_INTERVAL.toMillis());
            } catch (InterruptedException e) {
                return;
            }
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
        Map<Process, List<ProcessHandle>> toKill = new LinkedHashMap<>();
        synchronized (lock) {
            if (state != State.RUNNING) {
                return false;
            }
            state = State.INTERRUPTED;
            live.forEach((process, seen) -> toKill.put(process, List.copyOf(seen)));
        }
        toKill.forEach((process, seen) -> {
            Processes.destroyTree(process.toHandle(), KILL_WAIT_MILLIS);
            Processes.destroyAll(seen, KILL_WAIT_MILLIS);
        });
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

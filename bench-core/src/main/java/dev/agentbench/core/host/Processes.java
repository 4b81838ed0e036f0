package dev.agentbench.core.host;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Ends processes with everything they started. */
public final class Processes {

    private Processes() {}

    /** {@code 1234 sleep 600}, or {@code 1234} when the OS does not tell the command. */
    public static String describe(ProcessHandle process) {
        return process.pid() + process.info().commandLine().or(() -> process.info().command()).map(c -> " " + c)
                .orElse("");
    }

    /** {@code 1 process}, {@code 2 processes}. */
    public static String count(int processes) {
        return processes + (processes == 1 ? " process" : " processes");
    }

    /**
     * Kills {@code process} and all its descendants at once (SIGKILL on Unix) and waits up to
     * {@code waitMillis} for each to be gone. Descendants are collected before anything is killed,
     * since a killed parent's children are re-parented and can no longer be found from it.
     *
     * @return whether every one of them is gone
     */
    public static boolean destroyTree(ProcessHandle process, long waitMillis) {
        List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
        all.add(0, process);
        return destroyAll(all, waitMillis);
    }

    /**
     * Kills every one of {@code all} that is still alive (SIGKILL on Unix) and waits up to
     * {@code waitMillis} in all for them to be gone. A handle knows its process's start time, so a
     * process id the OS has given to another process since is left alone.
     *
     * @return whether every one of them is gone
     */
    public static boolean destroyAll(List<ProcessHandle> all, long waitMillis) {
        all.forEach(ProcessHandle::destroyForcibly);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        boolean allGone = true;
        for (ProcessHandle handle : all) {
            long left = deadline - System.nanoTime();
            try {
                handle.onExit().get(Math.max(left, 0), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (Exception e) {
                allGone &= !handle.isAlive();
            }
        }
        return allGone;
    }
}

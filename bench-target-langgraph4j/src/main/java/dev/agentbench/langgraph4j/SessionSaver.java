package dev.agentbench.langgraph4j;

import org.bsc.langgraph4j.checkpoint.MemorySaver;

/**
 * LangGraph4j's {@link MemorySaver}, unchanged, with a count of the threads it holds, so that tests
 * can see that deleting a session really lets its checkpoints go.
 */
final class SessionSaver extends MemorySaver {

    /** The number of threads (sessions) whose checkpoints the saver holds. */
    int threads() {
        return cache().size();
    }
}

package dev.agentbench.core.link;

/** The child's lines in its cell's log, marked so that they stand out from a framework's output. */
final class CellLog {

    static final String PREFIX = "[agentbench] ";

    private CellLog() {}

    static void say(String line) {
        System.out.println(PREFIX + line);
    }
}

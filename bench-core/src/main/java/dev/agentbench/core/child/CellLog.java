package dev.agentbench.core.child;

/** The child's lines in its cell's log, marked so that they stand out from a framework's output. */
public final class CellLog {

    public static final String PREFIX = "[agentbench] ";

    private CellLog() {}

    static void say(String line) {
        System.out.println(PREFIX + line);
    }

    /** {@link #say} as a consumer: a class rather than a method reference, for a cold start's path. */
    static final class Say implements java.util.function.Consumer<String> {
        @Override
        public void accept(String line) {
            say(line);
        }
    }
}

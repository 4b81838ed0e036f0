package dev.agentbench.testkit;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import dev.agentbench.builtin.target.NoopTarget;
import dev.agentbench.builtin.target.RawTarget;
import java.util.function.UnaryOperator;

/**
 * Targets that break the contract in one way each, for the kit's own tests. They are registered in
 * this module's test services file, so that only the broken behaviour fails a check.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
public final class BrokenTargets {

    private BrokenTargets() {}

    /** A built-in target whose handle is changed by {@code wrap}. */
    abstract static class Wrapping implements BenchTarget {
        private final String name;
        private final BenchTarget inner;
        private final UnaryOperator<TargetHandle> wrap;

        Wrapping(String name, BenchTarget inner, UnaryOperator<TargetHandle> wrap) {
            this.name = name;
            this.inner = inner;
            this.wrap = wrap;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return "Broken on purpose: " + name;
        }

        @Override
        public TargetHandle open(TargetContext context) throws Exception {
            return wrap.apply(inner.open(context));
        }
    }

    /** Passes calls through; subclasses change one thing. */
    static class Forwarding implements TargetHandle {
        final TargetHandle delegate;

        Forwarding(TargetHandle delegate) {
            this.delegate = delegate;
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
            return delegate.runTurn(userId, sessionId, message);
        }

        @Override
        public void deleteSession(String userId, String sessionId) throws Exception {
            delegate.deleteSession(userId, sessionId);
        }

        @Override
        public void close() throws Exception {
            delegate.close();
        }
    }

    /** Streams from the mock (the floor with {@code stream=true}), but hands every piece over only at the turn's end. */
    public static final class BuffersTheStream extends Wrapping {
        public BuffersTheStream() {
            super("buffers-the-stream", new dev.agentbench.builtin.wire.WireTarget(), handle -> new Forwarding(handle) {
                @Override
                public TurnResult runTurn(String userId, String sessionId, String message,
                        dev.agentbench.api.StreamObserver observer) throws Exception {
                    java.util.List<String> held = new java.util.ArrayList<>();
                    TurnResult result = delegate.runTurn(userId, sessionId, message, piece -> held.add(piece.toString()));
                    held.forEach(observer::text);
                    return result;
                }
            });
        }
    }

    /** Its deleteSession does nothing. */
    public static final class KeepsDeletedSessions extends Wrapping {
        public KeepsDeletedSessions() {
            super("keeps-deleted-sessions", new NoopTarget(), handle -> new Forwarding(handle) {
                @Override
                public void deleteSession(String userId, String sessionId) {}
            });
        }
    }

    /** Answers "sorry" when the model fails, as a chat UI might. */
    public static final class SwallowsModelErrors extends Wrapping {
        public SwallowsModelErrors() {
            super("swallows-model-errors", new RawTarget(), handle -> new Forwarding(handle) {
                @Override
                public TurnResult runTurn(String userId, String sessionId, String message) {
                    try {
                        return delegate.runTurn(userId, sessionId, message);
                    } catch (Exception e) {
                        return TurnResult.text("Sorry, something went wrong.");
                    }
                }
            });
        }
    }

    /** Reports tool calls and results under ids of its own instead of the model's. */
    public static final class RenamesToolCalls extends Wrapping {
        public RenamesToolCalls() {
            super("renames-tool-calls", new NoopTarget(), handle -> new Forwarding(handle) {
                @Override
                public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
                    TurnResult result = delegate.runTurn(userId, sessionId, message);
                    return new TurnResult(result.finalText(), result.completed(),
                            result.toolCalls().stream().map(c -> new ToolCall("own_" + c.id(), c.name(), c.arguments()))
                                    .toList(),
                            result.toolResults().stream()
                                    .map(r -> new ToolResult("own_" + r.callId(), r.name(), r.content(), r.error()))
                                    .toList());
                }
            });
        }
    }

    /** Reports every tool call with empty arguments. */
    public static final class ReportsOtherArguments extends Wrapping {
        public ReportsOtherArguments() {
            super("reports-other-arguments", new NoopTarget(), handle -> new Forwarding(handle) {
                @Override
                public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
                    TurnResult result = delegate.runTurn(userId, sessionId, message);
                    return new TurnResult(result.finalText(), result.completed(),
                            result.toolCalls().stream().map(c -> new ToolCall(c.id(), c.name(), "{}")).toList(),
                            result.toolResults());
                }
            });
        }
    }

    /** Keeps one conversation for every session: a framework whose sessions leak into each other. */
    public static final class OneSessionForAll extends Wrapping {
        public OneSessionForAll() {
            super("one-session-for-all", new NoopTarget(), handle -> new Forwarding(handle) {
                @Override
                public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
                    return delegate.runTurn("shared", "shared", message);
                }

                @Override
                public void deleteSession(String userId, String sessionId) throws Exception {
                    delegate.deleteSession("shared", "shared");
                }
            });
        }
    }
}

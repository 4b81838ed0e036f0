package dev.agentbench.cli.broken;

import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Targets for tests that do the real work through the {@code raw} target, then misreport one thing
 * about it, the way a broken adapter would. Each must make its cell FAILED with a message that says
 * what was wrong.
 */
public abstract class BrokenTarget extends Misbehaving {

    private final UnaryOperator<TurnResult> breakage;

    BrokenTarget(String name, UnaryOperator<TurnResult> breakage) {
        super(name);
        this.breakage = breakage;
    }

    @Override
    public TargetHandle open(TargetContext context) throws Exception {
        return new RawHandle(raw(context)) {
            @Override
            public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
                return breakage.apply(super.runTurn(userId, sessionId, message));
            }
        };
    }

    /** Loses the last of the turn's tool results. */
    public static final class DropsResult extends BrokenTarget {
        public DropsResult() {
            super("drops-result", turn -> new TurnResult(turn.finalText(), turn.completed(), turn.toolCalls(),
                    turn.toolResults().subList(0, Math.max(0, turn.toolResults().size() - 1))));
        }
    }

    /** Reports other text than the model's. */
    public static final class WrongText extends BrokenTarget {
        public WrongText() {
            super("wrong-text", turn -> new TurnResult(turn.finalText() + " (edited)", turn.completed(),
                    turn.toolCalls(), turn.toolResults()));
        }
    }

    /** Runs the tools, then reports half the reply as a turn that did not finish: a partial, streamed reply. */
    public static final class PartialReply extends BrokenTarget {
        public PartialReply() {
            super("partial-reply", turn -> new TurnResult(turn.finalText().substring(0, turn.finalText().length() / 2),
                    false, turn.toolCalls(), turn.toolResults()));
        }
    }

    /** Reports the first tool result as the answer to a call that was never made. */
    public static final class AnswersOtherId extends BrokenTarget {
        public AnswersOtherId() {
            super("answers-other-id", turn -> {
                List<ToolResult> results = new ArrayList<>(turn.toolResults());
                if (!results.isEmpty()) {
                    ToolResult first = results.get(0);
                    results.set(0, new ToolResult("call_9_9_9", first.name(), first.content(), first.error()));
                }
                return new TurnResult(turn.finalText(), turn.completed(), turn.toolCalls(), results);
            });
        }
    }

    /** Gives the second tool call the first one's id. */
    public static final class ReusesId extends BrokenTarget {
        public ReusesId() {
            super("reuses-id", turn -> {
                List<ToolCall> calls = new ArrayList<>(turn.toolCalls());
                List<ToolResult> results = new ArrayList<>(turn.toolResults());
                if (calls.size() > 1) {
                    calls.set(1, new ToolCall(calls.get(0).id(), calls.get(1).name(), calls.get(1).arguments()));
                }
                return new TurnResult(turn.finalText(), turn.completed(), calls, results);
            });
        }
    }
}

package dev.agentbench.mock.internal;

import dev.agentbench.api.script.Expectation;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of a script's {@link Expectation}s: whether a request carries the whole history and
 * every tool its turn says it must. Built once when the script is registered; {@link #check} is
 * called for every request of a checked script and allocates only when a check fails.
 */
final class RequestCheck {

    private final String name;
    private final List<ScriptTurn> turns;
    private final boolean any;
    /** The first turn (from 0) whose user message is this text. */
    private final Map<String, Integer> turnOfUser = new HashMap<>();
    /** Assistant and tool messages the script has before the request for [turn][step]. */
    private final int[][] assistants;
    private final int[][] toolMessages;
    /** Each checked turn's tools, as a set. */
    private final List<Set<String>> tools = new ArrayList<>();

    RequestCheck(Script script) {
        this.name = script.name();
        this.turns = script.turns();
        this.assistants = new int[turns.size()][];
        this.toolMessages = new int[turns.size()][];
        boolean checked = false;
        int assistantsBefore = 0;
        int toolsBefore = 0;
        for (int t = 0; t < turns.size(); t++) {
            ScriptTurn turn = turns.get(t);
            turnOfUser.putIfAbsent(turn.user(), t);
            checked |= turn.expect() != null;
            tools.add(turn.expect() == null ? Set.of() : Set.copyOf(turn.expect().tools()));
            List<Step> steps = turn.steps();
            assistants[t] = new int[steps.size()];
            toolMessages[t] = new int[steps.size()];
            for (int s = 0; s < steps.size(); s++) {
                assistants[t][s] = assistantsBefore;
                toolMessages[t][s] = toolsBefore;
                assistantsBefore++;
                toolsBefore += steps.get(s).toolCalls().size();
            }
        }
        this.any = checked;
    }

    /** Whether any turn of the script is checked, so that requests must be measured. */
    boolean any() {
        return any;
    }

    /**
     * What the request lacks, as the error message the client is sent; {@code null} when it carries
     * what its turn expects, when its turn expects nothing, or when it is past the script's end (which
     * the mock answers on its own).
     */
    String check(ChatRequest request) {
        int turn = request.turn();
        int step = request.step();
        if (turn < 0 || turn >= turns.size()) {
            return null;
        }
        ScriptTurn scripted = turns.get(turn);
        Expectation expect = scripted.expect();
        if (expect == null) {
            return null;
        }
        if (!scripted.user().equals(dev.agentbench.api.StreamTag.untagged(request.lastUserText()))) {
            return wrongUser(request, turn, scripted);
        }
        if (step >= expect.messages().size()) {
            return null;
        }
        String where = "Script [" + name + "], turn " + (turn + 1) + ", step " + (step + 1) + ": ";
        ChatRequest.Carried carried = request.carried();
        int expectedMessages = expect.messages().get(step);
        if (carried.messages() != expectedMessages) {
            int users = turn + 1;
            int assistantsThen = assistants[turn][step];
            int toolsThen = toolMessages[turn][step];
            int other = expectedMessages - users - assistantsThen - toolsThen;
            int sentOther = carried.messages() - request.userMessages() - carried.assistants() - carried.tools();
            return where + "the request carries " + carried.messages() + " messages, the script has "
                    + expectedMessages + " here (" + (expectedMessages > carried.messages()
                            ? (expectedMessages - carried.messages()) + " missing" : (carried.messages()
                                    - expectedMessages) + " more than scripted")
                    + "): user " + request.userMessages() + " of " + users + ", assistant " + carried.assistants()
                    + " of " + assistantsThen + ", tool " + carried.tools() + " of " + toolsThen
                    + ", system and other " + sentOther + " of " + other;
        }
        Set<String> expectedTools = tools.get(turn);
        if (carried.toolNames().size() != expectedTools.size() || !expectedTools.containsAll(carried.toolNames())) {
            Set<String> missing = new LinkedHashSet<>(expect.tools());
            carried.toolNames().forEach(missing::remove);
            Set<String> extra = new LinkedHashSet<>(carried.toolNames());
            extra.removeAll(expectedTools);
            return where + "the request offers " + carried.toolNames().size() + " tool"
                    + (carried.toolNames().size() == 1 ? "" : "s") + ", the script "
                    + expectedTools.size() + (missing.isEmpty() ? "" : "; missing: " + abbreviate(missing))
                    + (extra.isEmpty() ? "" : "; not scripted: " + abbreviate(extra))
                    + (missing.isEmpty() && extra.isEmpty() ? "; some are offered twice" : "");
        }
        long bytes = carried.contentBytes();
        long least = expect.leastBytes(step);
        long most = expect.mostBytes(step);
        if (bytes < least || bytes > most) {
            long expected = expect.contentBytes().get(step);
            return where + "the request's messages carry " + bytes + " bytes of content, the script's "
                    + expected + " (" + (bytes < least ? "at least " + least : "at most " + most) + " pass, "
                    + expect.tolerancePercent() + "% or " + Expectation.SLACK_BYTES + " bytes either way): "
                    + (bytes < least ? "content is missing" : "the request carries more than the script");
        }
        return null;
    }

    /** The request's last user message is not its turn's: it lacks earlier turns, or is not the script's. */
    private String wrongUser(ChatRequest request, int turn, ScriptTurn scripted) {
        String sent = dev.agentbench.api.StreamTag.untagged(request.lastUserText());
        Integer actual = sent == null ? null : turnOfUser.get(sent);
        int users = request.userMessages();
        if (actual != null && actual > turn) {
            int missing = actual - turn;
            return "Script [" + name + "], turn " + (actual + 1) + ": the request carries " + users + " user message"
                    + (users == 1 ? "" : "s") + " of " + (actual + 1) + " (" + missing + " earlier turn"
                    + (missing == 1 ? "" : "s") + " missing)";
        }
        if (actual != null) {
            return "Script [" + name + "], turn " + (actual + 1) + ": the request carries " + users
                    + " user messages, the script has " + (actual + 1) + " by this turn";
        }
        return "Script [" + name + "], turn " + (turn + 1) + ": the request's last user message is ["
                + abbreviate(sent) + "], the script's is [" + abbreviate(scripted.user()) + "]";
    }

    private static String abbreviate(Object value) {
        String text = String.valueOf(value);
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }
}
